'use client';

import type { ReactNode } from 'react';
import type { PeopleLocale } from '@/lib/platform/i18n/locale';
import { fieldMessage } from '@/lib/surfaces/dashboard/copy/field-messages';
import { refusalText, type ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { ActionCode, ActionOutcome } from '@/lib/surfaces/dashboard/perform';
import {
  NamedActionForm,
  OutcomeView,
  StepUpInput,
  useNamedAction,
  wantsCode,
  type FormProps,
} from '../../ui/action-form';
import { dashboardAction } from './actions';

/**
 * A form that runs one dashboard action (by name) and shows what came back: the refusal in the
 * page's words with the fields it names, the step-up code field when the action asks for it, or the
 * success. What was typed stays in the form when it is refused (the submit does not reset it).
 */
export function useDashboardAction<R = unknown>(name: string, options: { resetOnSuccess?: boolean } = {}) {
  const found = useNamedAction(dashboardAction, name, options);
  return { ...found, outcome: found.outcome as ActionOutcome<R> | null };
}

/** Whether the action asked for the step-up code (its field is then shown). */
export const wantsCodeOf = (outcome: ActionOutcome<unknown> | null) => wantsCode(outcome);

const explainer = (words: ShellWords) => (code: string, message: string) =>
  refusalText(words, code as ActionCode, message);

/** A field's message in the shop owner's words and the page's language. */
export const fieldExplainer = (words: ShellWords) => (message: string) =>
  fieldMessage(words.lang as PeopleLocale, message);

export function Outcome({
  outcome,
  words,
  success,
}: {
  outcome: ActionOutcome<unknown> | null;
  words: ShellWords;
  success?: ReactNode;
}) {
  return (
    <OutcomeView
      outcome={outcome}
      words={words}
      explain={explainer(words)}
      explainField={fieldExplainer(words)}
      success={success}
    />
  );
}

export function StepUpField({ outcome, words }: { outcome: ActionOutcome<unknown> | null; words: ShellWords }) {
  return <StepUpInput outcome={outcome} words={words} />;
}

/**
 * The common case: fields given as children, a submit button, the outcome under it. A destructive
 * form (`variant="danger"`) asks "are you sure?" first unless told `confirm={null}`; `after` is the
 * dashboard page to land on once it is done (the page of what was deleted is gone).
 */
export function ActionForm({
  mode,
  words,
  hidden = {},
  after,
  confirm,
  ...rest
}: FormProps & { mode: string; words: ShellWords; after?: string; confirm?: ReactNode | null }) {
  const asked =
    confirm === null ? undefined : (confirm ?? (rest.variant === 'danger' ? words.confirm_question : undefined));
  return (
    <NamedActionForm
      action={dashboardAction}
      words={words}
      explain={explainer(words)}
      explainField={fieldExplainer(words)}
      hidden={{ mode, ...hidden, ...(after ? { after } : {}) }}
      confirm={asked}
      {...rest}
    />
  );
}
