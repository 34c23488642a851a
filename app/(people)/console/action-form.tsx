'use client';

import type { ReactNode } from 'react';
import { consoleRefusalText, type ConsoleWords } from '@/lib/surfaces/console/copy';
import type { ConsoleCode, ConsoleOutcome } from '@/lib/surfaces/console/perform-operator';
import { NamedActionForm, OutcomeView, StepUpInput, useNamedAction, type FormProps } from '../ui/action-form';
import { consoleAction } from './actions';

export { wantsCode } from '../ui/action-form';

/**
 * A form that runs one console action (by name) and shows what came back: the refusal in the page's
 * words with the fields it names, the step-up code field when the action asks for it, or the success.
 * What was typed stays in the form when it is refused.
 */
export function useConsoleAction<R = unknown>(name: string) {
  const found = useNamedAction(consoleAction, name);
  return { ...found, outcome: found.outcome as ConsoleOutcome<R> | null };
}

const explainer = (words: ConsoleWords) => (code: string, message: string) =>
  consoleRefusalText(words, code as ConsoleCode, message);

export function Outcome({
  outcome,
  words,
  success,
}: {
  outcome: ConsoleOutcome<unknown> | null;
  words: ConsoleWords;
  success?: ReactNode;
}) {
  return <OutcomeView outcome={outcome} words={words} explain={explainer(words)} success={success} />;
}

/** Ids stay unique when a page has many forms (one per row): `idPrefix` names this form's fields. */
export function StepUpField({
  outcome,
  words,
  idPrefix,
}: {
  outcome: ConsoleOutcome<unknown> | null;
  words: ConsoleWords;
  idPrefix: string;
}) {
  return <StepUpInput outcome={outcome} words={words} idPrefix={idPrefix} />;
}

/**
 * The common case: fields given as children, a submit button, the outcome under it. A destructive
 * form (`variant="danger"`) asks "are you sure?" first unless told `confirm={null}`.
 */
export function ConsoleForm({
  words,
  confirm,
  ...rest
}: FormProps & { idPrefix: string; words: ConsoleWords; confirm?: ReactNode | null }) {
  const asked =
    confirm === null ? undefined : (confirm ?? (rest.variant === 'danger' ? words.confirm_question : undefined));
  return <NamedActionForm action={consoleAction} words={words} explain={explainer(words)} confirm={asked} {...rest} />;
}
