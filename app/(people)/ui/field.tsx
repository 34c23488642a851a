import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import styles from '../dashboard/[mode]/ui.module.css';

type Labelled = { id: string; label: ReactNode; hint?: ReactNode };

/** The id of a field's hint, for the control's aria-describedby (none when there is no hint). */
export const hintId = (id: string, hint?: ReactNode) => (hint ? `${id}-hint` : undefined);

/** A label, an optional hint under it, and the control given as children (which names the hint itself). */
export function Field({
  id,
  label,
  hint,
  className,
  children,
}: Labelled & { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className={styles.hint} id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {children}
    </div>
  );
}

/** A labelled text input (the hint, when there is one, describes it). */
export function TextField({ id, label, hint, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input className={styles.input} id={id} aria-describedby={hintId(id, hint)} {...input} />
    </Field>
  );
}

/** A labelled choice; the options come as children. */
export function SelectField({
  id,
  label,
  hint,
  children,
  ...select
}: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <select className={styles.input} id={id} aria-describedby={hintId(id, hint)} {...select}>
        {children}
      </select>
    </Field>
  );
}

/** A labelled choice of currency codes (the code is the option's text and value). */
export function CurrencyField({
  currencies,
  ...select
}: Labelled & SelectHTMLAttributes<HTMLSelectElement> & { currencies: readonly string[] }) {
  return (
    <SelectField {...select}>
      {currencies.map((c) => (
        <option key={c}>{c}</option>
      ))}
    </SelectField>
  );
}
