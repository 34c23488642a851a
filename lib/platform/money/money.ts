import { amountProblemMessage, toMinorUnits } from './amount';
import type { CurrencyCode } from './currencies';

/**
 * An amount of money as the domain handles it: integer minor units and their currency, never apart.
 * Requests carry a JSON number in major units and a currency code in two fields; they become one
 * Money where they are read (lib/platform/http/money-input.ts), so no verb ever holds an amount
 * without knowing its currency's minor unit.
 */
export interface Money {
  readonly minor: bigint;
  readonly currency: CurrencyCode;
}

/** An amount in major units read exactly in its currency: the Money, or why it cannot be one. */
export function readMoney(amount: number, currency: CurrencyCode): Money | { problem: string } {
  const minor = toMinorUnits(amount, currency);
  return typeof minor === 'bigint' ? { minor, currency } : { problem: amountProblemMessage(minor, currency) };
}
