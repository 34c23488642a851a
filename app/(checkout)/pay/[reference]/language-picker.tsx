import type { LanguageChoice, Locale } from '@/lib/platform/i18n/locale';
import css from './language-picker.module.css';

/**
 * The customer's language, on every screen: each language by its own name, as plain links
 * (`?locale=sw`), so it works before the page's JavaScript has arrived and the server draws the next
 * page in it. proxy.ts remembers the choice for this checkout (a cookie on its path).
 */
export function LanguagePicker({
  locale,
  languages,
  label,
  hrefFor,
}: {
  locale: Locale;
  languages: LanguageChoice[];
  /** "Language", in the page's language: the navigation's name. */
  label: string;
  hrefFor: (code: Locale) => string;
}) {
  const current = languages.find((l) => l.code === locale);
  return (
    <nav className={css.bar} aria-label={label}>
      <details className={css.picker}>
        <summary className={css.summary} data-testid="language-picker">
          <svg className={css.globe} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9M12 3C9.5 5.7 8.2 8.7 8.2 12s1.3 6.3 3.8 9" />
          </svg>
          <span lang={locale}>{current?.name ?? locale}</span>
        </summary>
        <ul className={css.list}>
          {languages.map((language) => (
            <li key={language.code}>
              <a
                className={css.choice}
                href={hrefFor(language.code)}
                lang={language.code}
                hrefLang={language.code}
                dir={language.dir}
                aria-current={language.code === locale ? 'true' : undefined}
              >
                {language.name}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
