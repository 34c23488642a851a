'use client';

import { useState, useTransition, type FormEvent } from 'react';
import type { PeopleLocale } from '@/lib/platform/i18n/locale';
import { refusalText, type ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { ActionCode } from '@/lib/surfaces/dashboard/perform';
import { dashboardAction } from './actions';
import styles from './shell.module.css';

const NAMES: Record<PeopleLocale, string> = { en: 'English', fr: 'Français' };

/**
 * The person's language, in the header: each language named in itself, the current one pressed.
 * Choosing runs the dashboard's action (kept on their account), and the pages re-render in it.
 * The action is called directly rather than through useActionState: a layout-wide action state
 * would be matched against every form posted without JavaScript. Without JavaScript the form is a
 * GET with `?locale=`, which shows that page in the language without keeping it.
 */
export function LanguageSwitch({ mode, current, words }: { mode: string; current: PeopleLocale; words: ShellWords }) {
  const [pending, startTransition] = useTransition();
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button pressed carries the language.
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(async () => {
      const outcome = await dashboardAction('chooseLanguage', null, form);
      setProblem(outcome.ok ? null : refusalText(words, outcome.code as ActionCode, outcome.message));
    });
  };
  return (
    <form onSubmit={onSubmit} className={styles.languages} aria-label={words.language_label}>
      <input type="hidden" name="mode" value={mode} />
      {(Object.keys(NAMES) as PeopleLocale[]).map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          className={styles.language}
          aria-pressed={locale === current}
          // On a phone the header shows the code (EN, FR); the name is what the button says to everyone.
          aria-label={NAMES[locale]}
          disabled={pending}
        >
          <span className={styles.languageName}>{NAMES[locale]}</span>
          <span className={styles.languageCode} aria-hidden="true">
            {locale.toUpperCase()}
          </span>
        </button>
      ))}
      {problem && (
        <span role="alert" className={styles.languageProblem}>
          {problem}
        </span>
      )}
    </form>
  );
}
