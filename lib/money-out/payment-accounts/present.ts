import type { paymentAccounts } from '../../platform/db/schema';
import { formatTimestamp } from '../../platform/time';
import { maskAccountNumber } from '../../rails/payout-destination';
import type { PaymentAccount } from './contract';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

/**
 * A payment account. In listings the account number is masked to its last four digits
 * (`******6789`); a single account (create, get, update) shows it in full to the merchant who owns it.
 */
export function presentPaymentAccount(a: PaymentAccountRow, view: 'full' | 'masked' = 'full'): PaymentAccount {
  return {
    id: a.id,
    merchant_id: a.merchantId,
    currency_id: a.currencyId,
    currency_code: a.currencyCode,
    account_type: a.accountType,
    is_primary: a.isPrimary,
    status: a.status,
    account_number: a.accountNumber && view === 'masked' ? maskAccountNumber(a.accountNumber) : a.accountNumber,
    bank_name: a.bankName,
    bank_routing_number: a.bankRoutingNumber,
    account_holder_name: a.accountHolderName,
    phone_number: a.phoneNumber,
    network_provider: a.networkProvider,
    provider_metadata: a.providerMetadata,
    created_at: formatTimestamp(a.createdAt),
    updated_at: formatTimestamp(a.updatedAt),
  };
}
