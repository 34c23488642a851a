'use client';

import type { ConsoleWords } from '@/lib/surfaces/console/copy';
import { fill } from '@/lib/surfaces/console/copy';
import type { OperatorDataOf } from '@/lib/surfaces/console/actions';
import { CURRENCY_CODES } from '@/lib/platform/money/currencies';
import { ConsoleForm, Outcome, StepUpField, useConsoleAction, wantsCode } from '../action-form';
import styles from '../../dashboard/[mode]/ui.module.css';

type Merchant = { id: string; name: string };

function MerchantSelect({ id, merchants, words }: { id: string; merchants: Merchant[]; words: ConsoleWords }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {words.merchant}
      </label>
      <select className={styles.input} id={id} name="merchant_id" required defaultValue="">
        <option value="" disabled>
          {words.choose_merchant}
        </option>
        {merchants.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A settlement run for one merchant; the answer says what it settled. */
export function RunSettlementForm({ merchants, words }: { merchants: Merchant[]; words: ConsoleWords }) {
  const { outcome, pending, formRef, onSubmit, dispatch } =
    useConsoleAction<OperatorDataOf<'runSettlement'>>('runSettlement');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <MerchantSelect id="run-merchant" merchants={merchants} words={words} />
      <StepUpField outcome={outcome} words={words} idPrefix="run" />
      <button type="submit" className={styles.button} disabled={pending}>
        {wantsCode(outcome) ? words.confirm : words.run_submit}
      </button>
      <Outcome
        outcome={outcome}
        words={words}
        success={
          outcome?.ok
            ? fill(words.run_done, {
                batches: outcome.data.batches.length,
                completed: outcome.data.checkouts_completed,
              })
            : null
        }
      />
    </form>
  );
}

/** Place or lift a hold on one wallet of one side of a merchant. */
export function HoldForm({ merchants, words }: { merchants: Merchant[]; words: ConsoleWords }) {
  return (
    <ConsoleForm name="settlementHold" idPrefix="hold" words={words} submit={words.hold_submit}>
      <MerchantSelect id="hold-merchant" merchants={merchants} words={words} />
      <div className={styles.field}>
        <label className={styles.label} htmlFor="hold-mode">
          {words.mode}
        </label>
        <select className={styles.input} id="hold-mode" name="wallet_mode" defaultValue="test">
          <option value="test">{words.test}</option>
          <option value="live">{words.live}</option>
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="hold-currency">
          {words.currency}
        </label>
        <select className={styles.input} id="hold-currency" name="currency_code" defaultValue="GHS">
          {CURRENCY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="hold-action">
          {words.hold_action}
        </label>
        <select className={styles.input} id="hold-action" name="settlement_hold" defaultValue="true">
          <option value="true">{words.hold_place}</option>
          <option value="false">{words.hold_lift}</option>
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="hold-reason">
          {words.hold_reason}
        </label>
        <span className={styles.hint} id="hold-reason-hint">
          {words.hold_reason_hint}
        </span>
        <input
          className={styles.input}
          id="hold-reason"
          name="settlement_hold_reason"
          maxLength={500}
          aria-describedby="hold-reason-hint"
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="hold-visibility">
          {words.hold_visibility}
        </label>
        <select className={styles.input} id="hold-visibility" name="settlement_hold_visibility" defaultValue="merchant">
          <option value="merchant">{words.visibility_merchant}</option>
          <option value="internal">{words.visibility_internal}</option>
        </select>
      </div>
    </ConsoleForm>
  );
}
