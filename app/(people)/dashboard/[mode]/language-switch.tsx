'use client';

import { startTransition, type FormEvent } from 'react';
import type { Locale } from '@/lib/platform/i18n/locale';
import { refusalText, type ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { ActionCode } from '@/lib/surfaces/dashboard/perform';
import { useDashboardAction } from './action-form';
import styles from './shell.module.css';

const NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

/**
 * The person's language, in the header: each language named in itself, the current one pressed.
 * Choosing runs the dashboard's action (kept on their account), and the pages re-render in it.
 */
export function LanguageSwitch({ mode, current, words }: { mode: string; current: Locale; words: ShellWords }) {
  const { outcome, pending, dispatch } = useDashboardAction('chooseLanguage', { resetOnSuccess: false });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button pressed carries the language.
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => dispatch(form));
  };
  return (
    <form onSubmit={onSubmit} className={styles.languages} aria-label={words.language_label}>
      <input type="hidden" name="mode" value={mode} />
      {(Object.keys(NAMES) as Locale[]).map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          className={styles.language}
          aria-pressed={locale === current}
          disabled={pending}
        >
          {NAMES[locale]}
        </button>
      ))}
      {outcome && !outcome.ok && (
        <span role="alert" className={styles.languageProblem}>
          {refusalText(words, outcome.code as ActionCode, outcome.message)}
        </span>
      )}
    </form>
  );
}
