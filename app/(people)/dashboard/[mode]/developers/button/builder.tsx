'use client';

import { useEffect, useRef, useState } from 'react';
import type { EmbedButton, EmbedSessionView } from '@/lib/checkout/embed/contract';
import type { ButtonWords } from '@/lib/surfaces/dashboard/copy/button';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { Outcome, useDashboardAction } from '../../action-form';
import { CurrencyField, Field, TextField } from '../../../../ui/field';
import { ButtonPreview } from './preview';
import { Snippet } from './snippet';
import ui from '../../ui.module.css';
import styles from './button.module.css';

/** As many amount rows as a session takes (EMBED_LIMITS.amounts). */
const MAX_AMOUNTS = 10;

/**
 * An amount as typed, for the preview only: the same separators the server's reading takes
 * (lib/surfaces/dashboard/actions/checkouts.ts, amountOf): "1,250.50", "1 250,50", "125,5".
 * Anything else is left out of the preview; the server then names the field.
 */
export function typedAmount(text: string): number | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '');
  let decimal = plain;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain)) decimal = plain.replaceAll(',', '');
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(plain)) decimal = plain.replaceAll('.', '').replace(',', '.');
  else if (/^\d+,\d+$/.test(plain)) decimal = plain.replace(',', '.');
  return /^\d+(\.\d+)?$/.test(decimal) && Number(decimal) > 0 ? Number(decimal) : null;
}

/** The merchant's look, from its branding (what the session call adds to the button). */
export type ButtonLook = EmbedButton['merchant'];
type Currency = EmbedButton['currency_code'];

/**
 * The builder: the embed session's fields, a live preview of the button they make (drawn by the
 * button's own script), and, once created, the snippet to paste. Origins and the last day do not
 * change the button's look, so only the other fields are followed as they are typed.
 */
export function ButtonBuilder({
  mode,
  locale,
  currencies,
  look,
  words,
  shell,
}: {
  mode: string;
  locale: string;
  currencies: readonly Currency[];
  look: ButtonLook;
  words: ButtonWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<EmbedSessionView>('createEmbedSession', {
    resetOnSuccess: false,
  });
  const [amounts, setAmounts] = useState<string[]>(['']);
  const [currency, setCurrency] = useState<Currency>(currencies[0] ?? 'GHS');
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');
  const [collectName, setCollectName] = useState(false);
  const [collectPhone, setCollectPhone] = useState(false);

  // After adding or removing a row, the focus goes where the keyboard user expects it.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current !== null) document.getElementById(`button-amount-${focusRow.current}`)?.focus();
    focusRow.current = null;
  }, [amounts.length]);

  const named = new Set(outcome && !outcome.ok ? outcome.fields.map((f) => f.field) : []);
  // The API names filled amounts by their place among the filled ones (`amounts.1`).
  const filledRows = amounts.flatMap((a, row) => (a.trim() ? [row] : []));
  const amountInvalid = (row: number) =>
    named.has('amount') ||
    named.has('amounts') ||
    [...named].some((f) => f.startsWith('amounts.') && filledRows[Number(f.split('.')[1])] === row);

  const previewAmounts = amounts.map(typedAmount).filter((a): a is number => a !== null);
  const button: EmbedButton = {
    amounts: previewAmounts,
    currency_code: currency,
    description: description.trim() || null,
    button_label: label.trim() || 'Pay',
    collect_customer_name: collectName,
    collect_customer_phone: collectPhone,
    merchant: look,
    expires_at: null,
  };

  const setAmount = (row: number, value: string) => setAmounts((all) => all.map((a, i) => (i === row ? value : a)));
  const addAmount = () => {
    focusRow.current = amounts.length;
    setAmounts((all) => [...all, '']);
  };
  const removeAmount = (row: number) => {
    focusRow.current = Math.max(0, row - 1);
    setAmounts((all) => all.filter((_, i) => i !== row));
  };

  return (
    <div className={styles.builder}>
      <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={ui.form}>
        <input type="hidden" name="mode" value={mode} />
        <fieldset className={styles.group} aria-describedby="button-amounts-hint">
          <legend className={ui.label}>{words.amounts}</legend>
          <span className={ui.hint} id="button-amounts-hint">
            {words.amounts_hint}
          </span>
          {amounts.map((value, row) => (
            <div key={row} className={styles.amountRow}>
              <label className={styles.amountLabel} htmlFor={`button-amount-${row}`}>
                {fill(words.amount_n, { n: row + 1 })}
              </label>
              <input
                className={`${ui.input} ${styles.amountInput}`}
                id={`button-amount-${row}`}
                name={`amount_${row}`}
                inputMode="decimal"
                autoComplete="off"
                required={row === 0}
                value={value}
                onChange={(e) => setAmount(row, e.target.value)}
                aria-invalid={amountInvalid(row) || undefined}
              />
              {amounts.length > 1 && (
                <button type="button" className={ui.secondary} onClick={() => removeAmount(row)}>
                  {fill(words.remove_amount, { n: row + 1 })}
                </button>
              )}
            </div>
          ))}
          {amounts.length < MAX_AMOUNTS && (
            <button type="button" className={ui.secondary} onClick={addAmount}>
              {words.add_amount}
            </button>
          )}
        </fieldset>
        <CurrencyField
          id="button-currency"
          label={words.currency}
          name="currency_code"
          value={currency}
          onChange={(e) => setCurrency(e.target.value as Currency)}
          aria-invalid={named.has('currency_code') || undefined}
          currencies={currencies}
        />
        <TextField
          id="button-label"
          label={words.button_label}
          hint={words.button_label_hint}
          name="button_label"
          maxLength={40}
          autoComplete="off"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={named.has('button_label') || undefined}
        />
        <TextField
          id="button-description"
          label={words.description}
          hint={words.description_hint}
          name="description"
          maxLength={500}
          autoComplete="off"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={named.has('description') || undefined}
        />
        <fieldset className={styles.group} aria-describedby="button-collect-hint">
          <legend className={ui.label}>{words.collect}</legend>
          <span className={ui.hint} id="button-collect-hint">
            {words.collect_hint}
          </span>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="collect_customer_name"
              checked={collectName}
              onChange={(e) => setCollectName(e.target.checked)}
            />{' '}
            {words.collect_name}
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="collect_customer_phone"
              checked={collectPhone}
              onChange={(e) => setCollectPhone(e.target.checked)}
            />{' '}
            {words.collect_phone}
          </label>
        </fieldset>
        <Field id="button-origins" label={words.origins} hint={words.origins_hint}>
          <textarea
            className={ui.input}
            id="button-origins"
            name="allowed_origins"
            rows={3}
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            aria-describedby="button-origins-hint"
            aria-invalid={[...named].some((f) => f.startsWith('allowed_origins')) || undefined}
          />
        </Field>
        <TextField
          id="button-expires"
          label={words.expires_at}
          hint={words.expires_hint}
          name="expires_at"
          type="date"
          aria-invalid={named.has('expires_at') || undefined}
        />
        <button type="submit" className={ui.button} disabled={pending}>
          {words.create_submit}
        </button>
        <Outcome outcome={outcome} words={shell} success={outcome?.ok ? words.created : null} />
        {outcome?.ok && (
          <Snippet
            id="created-snippet"
            code={outcome.data.snippet}
            label={words.snippet}
            copy={words.copy}
            copied={words.copied}
            failed={words.copy_failed}
          />
        )}
      </form>
      <section className={styles.preview} aria-labelledby="button-preview-title">
        <h3 className={ui.sectionTitle} id="button-preview-title">
          {words.preview}
        </h3>
        <p className={ui.hint}>
          {words.preview_lead}{' '}
          <a className={ui.link} href={`/dashboard/${mode}/settings/branding`}>
            {words.branding}
          </a>
        </p>
        <div className={styles.stage} role="group" aria-label={words.preview_label}>
          {previewAmounts.length === 0 && <p className={ui.empty}>{words.preview_empty}</p>}
          <div hidden={previewAmounts.length === 0}>
            <ButtonPreview id="button-preview" button={button} locale={locale} />
          </div>
        </div>
      </section>
    </div>
  );
}
