'use client';

import type { ConsoleWords } from '@/lib/surfaces/console/copy';
import { fill } from '@/lib/surfaces/console/copy';
import { isolated } from '@/lib/platform/http/isolated';
import type { OperatorDataOf } from '@/lib/surfaces/console/actions';
import { CURRENCY_CODES } from '@/lib/platform/money/currencies';
import { ConsoleForm, Outcome, StepUpField, useConsoleAction, wantsCode } from '../action-form';
import styles from '../../dashboard/[mode]/ui.module.css';
import { SelectField, TextField } from '../../ui/field';

type Merchant = { id: string; name: string };

function MerchantSelect({ id, merchants, words }: { id: string; merchants: Merchant[]; words: ConsoleWords }) {
  return (
    <SelectField id={id} label={words.merchant} name="merchant_id" required defaultValue="">
      <option value="" disabled>
        {words.choose_merchant}
      </option>
      {merchants.map((m) => (
        <option key={m.id} value={m.id}>
          {isolated(m.name)}
        </option>
      ))}
    </SelectField>
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
      <SelectField id="hold-mode" label={words.mode} name="wallet_mode" defaultValue="test">
        <option value="test">{words.test}</option>
        <option value="live">{words.live}</option>
      </SelectField>
      <SelectField id="hold-currency" label={words.currency} name="currency_code" defaultValue="GHS">
        {CURRENCY_CODES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField id="hold-action" label={words.hold_action} name="settlement_hold" defaultValue="true">
        <option value="true">{words.hold_place}</option>
        <option value="false">{words.hold_lift}</option>
      </SelectField>
      <TextField
        id="hold-reason"
        label={words.hold_reason}
        hint={words.hold_reason_hint}
        name="settlement_hold_reason"
        maxLength={500}
      />
      <SelectField
        id="hold-visibility"
        label={words.hold_visibility}
        name="settlement_hold_visibility"
        defaultValue="merchant"
      >
        <option value="merchant">{words.visibility_merchant}</option>
        <option value="internal">{words.visibility_internal}</option>
      </SelectField>
    </ConsoleForm>
  );
}
