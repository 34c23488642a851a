import type { CurrencyCode } from '../../../platform/money/currencies';
import type { BankAccountDetails, BankTransferRail } from '../types';

/**
 * Sandbox collection accounts, one per currency, with the fields a customer paying in that currency
 * needs and no others (a Ghanaian transfer takes a branch code, a euro one an IBAN and BIC, a pound
 * one a sort code). Money "arrives" through POST /api/sandbox/bank-transfers.
 */
const SANDBOX_ACCOUNTS: Record<CurrencyCode, Partial<BankAccountDetails>> = {
  GHS: { account_number: '9000233001', branch_code: '000100' },
  KES: { account_number: '9000254001', branch_code: '000' },
  NGN: { account_number: '9000234001' },
  ETB: { account_number: '9000251001' },
  XOF: { iban: 'SN08SN0100152000025690007542', swift_code: 'SBXBSNDA' },
  XAF: { iban: 'CM2110003001000500000605306', swift_code: 'SBXBCMCX' },
  UGX: { account_number: '9000256001', swift_code: 'SBXBUGKA' },
  USD: { account_number: '9000840001', routing_number: '011000015', swift_code: 'SBXBUS33' },
  EUR: { iban: 'DE89370400440532013000', swift_code: 'SBXBDEFF' },
  GBP: { account_number: '90008260', sort_code: '00-01-00' },
};

export const sandboxBankTransfer: BankTransferRail = {
  name: 'sandbox_bank',
  collectionAccount(currency: CurrencyCode) {
    return {
      bank_name: 'Sandbox Bank',
      account_name: 'Merchant Payments Collections',
      account_number: null,
      iban: null,
      branch_code: null,
      sort_code: null,
      routing_number: null,
      swift_code: null,
      ...SANDBOX_ACCOUNTS[currency],
    };
  },
};
