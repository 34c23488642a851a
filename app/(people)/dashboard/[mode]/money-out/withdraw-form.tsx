'use client';

import { useState, type FormEvent } from 'react';
import { feeFor } from '@/lib/books/fees';
import type { FeeRule } from '@/lib/platform/settings/fee-schedule';
import type { CurrencyCode } from '@/lib/platform/money/currencies';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { minorOf } from '@/lib/surfaces/dashboard/amount-text';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import styles from '../ui.module.css';
import { SelectField, TextField } from '../../../ui/field';
import { formatMoney } from '@/lib/platform/money/format';
import { MoneyReview, type ReviewFigures } from './review';

export interface AccountChoice {
  id: string;
  currency: CurrencyCode;
  label: string;
  /** Who receives it: the account holder's name, or the mobile money number's network and number. */
  recipient: string;
  payoutType: 'bank_transfer' | 'mobile_money';
}

/** A wallet as the form needs it: minor units as text (a bigint does not cross to the browser). */
export interface WalletFacts {
  available: string;
  holding: string;
  onHold: boolean;
  /** When what is in holding is all available (the page's words), or null. */
  settlesOn: string | null;
}

/**
 * A withdrawal to one of the merchant's active accounts; its currency is the account's. The first
 * submit shows the review (who receives it, the amount, the fee by the schedule, what leaves the
 * wallet and what arrives); the second sends it, and the action asks for the step-up code as before.
 * "Not enough money" says what can be sent now and when what is still settling becomes available.
 */
export function WithdrawForm({
  mode,
  locale,
  formKey,
  accounts,
  fees,
  digits,
  wallets,
  words,
  shell,
}: {
  mode: string;
  locale: string;
  /** This rendering's key (a new one after each success, when the page is drawn again): a double post pays once. */
  formKey: string;
  accounts: AccountChoice[];
  fees: FeeRule[];
  digits: Record<string, number>;
  wallets: Record<string, WalletFacts>;
  words: MoneyOutWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction('createWithdrawal');
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const [review, setReview] = useState<ReviewFigures | null>(null);
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const currency = account?.currency ?? '';
  const places = digits[currency] ?? 2;
  const shown = (minor: bigint | string) => formatMoney(BigInt(minor), currency as CurrencyCode, locale);
  const asksCode = !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (review || asksCode || !account) {
      setReview(null);
      onSubmit(event);
      return;
    }
    const amount = minorOf(String(new FormData(event.currentTarget).get('amount') ?? ''), places);
    // An amount the page cannot read goes to the action, which says what is wrong with it.
    if (amount === null || amount <= 0n) {
      onSubmit(event);
      return;
    }
    event.preventDefault();
    const fee = feeFor(fees, `withdrawal.${account.payoutType}`, account.currency, amount, 'on_top');
    setReview({ amount, fee });
  };

  const wallet = wallets[currency];
  const short =
    outcome && !outcome.ok && outcome.code === 'insufficient_funds' && wallet
      ? BigInt(wallet.holding) === 0n
        ? fill(words.short, { available: shown(wallet.available) })
        : fill(wallet.onHold || !wallet.settlesOn ? words.short_on_hold : words.short_settling, {
            available: shown(wallet.available),
            holding: shown(wallet.holding),
            date: wallet.settlesOn ?? '',
          })
      : null;

  return (
    <form ref={formRef} action={dispatch} onSubmit={submit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="form_key" value={formKey} />
      <input type="hidden" name="currency_code" value={currency} />
      <SelectField
        id="withdraw-account"
        label={words.to_account}
        name="payment_account_id"
        value={accountId}
        onChange={(e) => {
          setAccountId(e.target.value);
          setReview(null);
        }}
      >
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label}
          </option>
        ))}
      </SelectField>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="withdraw-amount">
          {words.amount} ({currency})
        </label>
        <input
          className={styles.input}
          id="withdraw-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          readOnly={review !== null}
        />
      </div>
      <TextField id="withdraw-notes" label={words.notes} name="notes" maxLength={500} readOnly={review !== null} />
      <StepUpField outcome={outcome} words={shell} />
      {review && account ? (
        <MoneyReview
          id="withdraw-review"
          recipient={account.recipient}
          figures={review}
          shown={shown}
          send={words.send_withdrawal}
          pending={pending}
          onChange={() => setReview(null)}
          words={words}
        />
      ) : (
        <button type="submit" className={styles.button} disabled={pending}>
          {asksCode ? shell.confirm : words.review_withdrawal}
        </button>
      )}
      {/* While the review shows, an earlier refusal is out of date: it comes back with the next answer. */}
      {review ? null : short ? (
        <p className={styles.problem} role="alert">
          {short}
        </p>
      ) : (
        <Outcome outcome={outcome} words={shell} success={words.withdrawn} />
      )}
    </form>
  );
}
