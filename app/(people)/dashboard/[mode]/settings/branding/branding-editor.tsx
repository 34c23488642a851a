'use client';

import { useState } from 'react';
import type { Branding } from '@/lib/merchants/branding/contract';
import { draftLogo, type BrandingDraft } from '@/lib/collections/hosted-page/preview-draft';
import { contrastRatio, DEFAULT_PRIMARY_COLOR, HEX_COLOUR, readableTextColor } from '@/lib/merchants/branding/colour';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { isolated } from '@/lib/platform/http/isolated';
import type { BrandingWords } from '@/lib/surfaces/dashboard/copy/branding';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { LanguageChoice, Locale } from '@/lib/platform/i18n/locale';
import type { PaymentMethod } from '@/lib/platform/vocabulary';
import { Outcome, StepUpField, useDashboardAction, wantsCodeOf } from '../../action-form';
import { Field, SelectField, TextField } from '../../../../ui/field';
import styles from '../../ui.module.css';
import layout from './branding.module.css';
import { LogoUpload } from './logo-upload';
import { PreviewPanel } from './preview-panel';

const METHODS: PaymentMethod[] = ['mobile_money', 'bank_transfer'];

/** The saved branding as the form holds it: text everywhere, every method ticked for "all". */
function draftOf(
  saved: Branding,
  merchantName: string,
  logo: { webAddress: string | null; uploaded: string | null },
): BrandingDraft {
  return {
    // The business's own name is the default: left empty, the page follows a renamed business.
    display_name: saved.display_name === merchantName ? '' : saved.display_name,
    // The saved record's logo_url is the uploaded logo's address when there is one: the field keeps the web address.
    logo_url: logo.webAddress ?? '',
    uploaded_logo_url: logo.uploaded ?? '',
    primary_color: saved.primary_color,
    accepted_methods: saved.accepted_methods ?? METHODS,
    support_email: saved.support_email ?? '',
    support_phone: saved.support_phone ?? '',
  };
}

/**
 * The branding form and its preview: every keystroke goes to the preview frames; Save posts the
 * form to the dashboard action, which reads it with the API's own schema.
 */
export function BrandingEditor({
  mode,
  locale,
  words,
  shell,
  saved,
  logo,
  merchantName,
  currencies,
  languages,
  mayEdit,
}: {
  mode: string;
  locale: Locale;
  words: BrandingWords;
  shell: ShellWords;
  saved: Branding;
  logo: { webAddress: string | null; uploaded: string | null };
  merchantName: string;
  currencies: string[];
  languages: LanguageChoice[];
  mayEdit: boolean;
}) {
  const [draft, setDraft] = useState<BrandingDraft>(() => draftOf(saved, merchantName, logo));
  const [successUrl, setSuccessUrl] = useState(saved.success_redirect_url ?? '');
  const [defaultLocale, setDefaultLocale] = useState<string>(saved.default_locale ?? '');
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<Branding>('updateBranding', {
    resetOnSuccess: false,
  });
  const set = (field: keyof BrandingDraft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));
  const toggle = (method: PaymentMethod, on: boolean) =>
    setDraft((d) => ({
      ...d,
      accepted_methods: METHODS.filter((m) => (m === method ? on : d.accepted_methods.includes(m))),
    }));
  const colour = HEX_COLOUR.test(draft.primary_color) ? draft.primary_color.toUpperCase() : DEFAULT_PRIMARY_COLOR;
  const ratio = contrastRatio(colour, readableTextColor(colour));
  const invalid = (field: string) =>
    outcome && !outcome.ok && outcome.fields.some((f) => f.field === field) ? true : undefined;

  return (
    <div className={layout.editor}>
      <div className={layout.side}>
        <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
          <p className={styles.lead}>{words.lead}</p>
          {!mayEdit && <p className={styles.hint}>{words.read_only}</p>}
          <input type="hidden" name="mode" value={mode} />
          <fieldset className={layout.fields} disabled={!mayEdit}>
            <TextField
              id="display_name"
              name="display_name"
              label={words.display_name}
              hint={fill(words.display_name_hint, { name: isolated(merchantName) })}
              value={draft.display_name}
              onChange={set('display_name')}
              placeholder={merchantName}
              maxLength={80}
              aria-invalid={invalid('display_name')}
            />
            <TextField
              id="logo_url"
              name="logo_url"
              type="url"
              inputMode="url"
              label={words.logo_url}
              hint={words.logo_url_hint}
              value={draft.logo_url}
              onChange={set('logo_url')}
              placeholder="https://"
              aria-invalid={invalid('logo_url')}
            />
            <LogoCheck words={words} src={draftLogo(draft)} />
            <Field id="primary_color" label={words.primary_color} hint={words.primary_color_hint}>
              <span className={layout.colour}>
                <input
                  className={styles.input}
                  id="primary_color"
                  name="primary_color"
                  value={draft.primary_color}
                  onChange={set('primary_color')}
                  maxLength={7}
                  spellCheck={false}
                  autoComplete="off"
                  aria-describedby="primary_color-hint primary_color-contrast"
                  aria-invalid={invalid('primary_color')}
                />
                <input
                  type="color"
                  className={layout.swatch}
                  value={colour.toLowerCase()}
                  onChange={(e) => setDraft((d) => ({ ...d, primary_color: e.target.value.toUpperCase() }))}
                  aria-label={words.pick_colour}
                />
              </span>
              <span id="primary_color-contrast" className={styles.hint}>
                {ratio < 4.5 ? fill(words.low_contrast, { ratio: ratio.toFixed(1) }) : ''}
              </span>
            </Field>
            <fieldset className={styles.checks}>
              <legend className={styles.label}>{words.methods}</legend>
              <span className={`${styles.hint} ${layout.wide}`}>{words.methods_hint}</span>
              {METHODS.map((m) => (
                <label key={m}>
                  <input
                    type="checkbox"
                    name={`method_${m}`}
                    checked={draft.accepted_methods.includes(m)}
                    onChange={(e) => toggle(m, e.target.checked)}
                  />{' '}
                  {words[`method_${m}`]}
                </label>
              ))}
            </fieldset>
            <TextField
              id="success_redirect_url"
              name="success_redirect_url"
              type="url"
              inputMode="url"
              label={words.success_url}
              hint={words.success_url_hint}
              value={successUrl}
              onChange={(e) => setSuccessUrl(e.target.value)}
              placeholder="https://"
              aria-invalid={invalid('success_redirect_url')}
            />
            <TextField
              id="support_email"
              name="support_email"
              type="email"
              label={words.support_email}
              value={draft.support_email}
              onChange={set('support_email')}
              autoComplete="off"
              aria-invalid={invalid('support_email')}
            />
            <TextField
              id="support_phone"
              name="support_phone"
              type="tel"
              label={words.support_phone}
              hint={words.support_phone_hint}
              value={draft.support_phone}
              onChange={set('support_phone')}
              autoComplete="off"
              aria-invalid={invalid('support_phone')}
            />
            <SelectField
              id="default_locale"
              name="default_locale"
              label={words.default_language}
              hint={words.default_language_hint}
              value={defaultLocale}
              onChange={(e) => setDefaultLocale(e.target.value)}
              aria-invalid={invalid('default_locale')}
            >
              <option value="">{words.default_language_none}</option>
              {languages
                .filter((l) => l.code !== 'en')
                .map((l) => (
                  <option key={l.code} value={l.code} lang={l.code}>
                    {l.name}
                  </option>
                ))}
            </SelectField>
            {/* In live mode, or with a new success URL, saving needs a fresh code: asked here when the action wants it. */}
            <StepUpField outcome={outcome} words={shell} />
            {mayEdit && (
              <button type="submit" className={styles.button} disabled={pending}>
                {wantsCodeOf(outcome) ? shell.confirm : words.save}
              </button>
            )}
          </fieldset>
          <Outcome outcome={outcome} words={shell} success={words.saved} />
        </form>
        {mayEdit && (
          <LogoUpload
            mode={mode}
            words={words}
            shell={shell}
            uploaded={draft.uploaded_logo_url}
            onChange={(url) => setDraft((d) => ({ ...d, uploaded_logo_url: url }))}
          />
        )}
      </div>
      <PreviewPanel words={words} locale={locale} languages={languages} currencies={currencies} draft={draft} />
    </div>
  );
}

/**
 * The logo the page would show, small, so a broken one is seen here: the page then shows the name
 * alone, which is easy to miss in the preview. Keyed by address, so a new address is checked afresh.
 */
function LogoCheck({ words, src }: { words: BrandingWords; src: string | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src) return null;
  return (
    <div className={layout.logoCheck}>
      <img
        key={src}
        src={src}
        alt={words.logo_current}
        className={layout.logoThumb}
        hidden={broken === src}
        onError={() => setBroken(src)}
        onLoad={() => setBroken((b) => (b === src ? null : b))}
      />
      {broken === src && (
        <p className={styles.problem} role="alert" data-testid="logo-broken">
          {words.logo_broken}
        </p>
      )}
    </div>
  );
}
