import { operatorUpdateWallet } from '../../../books/wallets/manage-wallet';
import { merchantWalletParams, operatorWalletInput } from '../../../books/wallets/input';
import { runSettlementInput } from '../../../books/settlement/input';
import { runSettlement } from '../../../books/settlement/run-settlement';
import { findTenant } from '../../../operator/merchants/tenants';
import { invalidField } from '../../../platform/http/errors';
import { validate } from '../../../platform/http/parse';
import { modeQuery } from '../../../platform/http/shapes';
import { formatTimestamp } from '../../../platform/time';
import type { OperatorAction } from '../perform-operator';

/**
 * Settlement from the console: a hold on one wallet (PATCH /api/admin/v1/merchants/{id}/wallets/{code},
 * whose lifting lets money move) and a settlement run (POST /api/admin/v1/settlements/run). Both
 * decide when money becomes available, so both ask for a fresh second factor.
 */
type HoldChange = {
  params: ReturnType<typeof merchantWalletParams.parse>;
  mode: ReturnType<typeof modeQuery.parse>['mode'];
  body: ReturnType<typeof operatorWalletInput.parse>;
};

const optional = (value: string | undefined) => (value ? value : undefined);
const booleanOf = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : value);

export const settlementHoldAction = {
  name: 'wallet.settlement_hold',
  read: (form) => ({
    params: validate(merchantWalletParams, { merchant_id: form.merchant_id, currency_code: form.currency_code }),
    // `mode` is the dashboard's own form field; the wallet's side is named apart.
    mode: validate(modeQuery, { mode: optional(form.wallet_mode) }).mode,
    body: validate(operatorWalletInput, {
      settlement_hold: booleanOf(form.settlement_hold),
      settlement_hold_reason: optional(form.settlement_hold_reason),
      settlement_hold_visibility: optional(form.settlement_hold_visibility),
    }),
  }),
  run: async (ctx, { params, mode, body }) =>
    operatorUpdateWallet(ctx.db, await findTenant(ctx.db, params.merchant_id, mode), params.currency_code, body),
  audit: ({ params, mode, body }, wallet) => ({
    merchantId: params.merchant_id,
    target: wallet.id,
    mode,
    details: {
      currency_code: wallet.currency_name,
      settlement_hold: wallet.settlement_hold,
      settlement_hold_reason: body.settlement_hold_reason ?? null,
    },
  }),
} satisfies OperatorAction<HoldChange, Awaited<ReturnType<typeof operatorUpdateWallet>>>;

type SettlementRun = ReturnType<typeof runSettlementInput.parse> & { merchant_id: string };

/** One merchant at a time from the console, so the run's audit line has the merchant it concerns. */
export const runSettlementAction = {
  name: 'settlement.run',
  read: (form) => {
    const input = validate(runSettlementInput, { merchant_id: optional(form.merchant_id) });
    if (!input.merchant_id) throw invalidField('merchant_id', 'choose a merchant');
    return { ...input, merchant_id: input.merchant_id };
  },
  run: async (ctx, input) => {
    const run = await runSettlement(ctx.db, { asOf: input.as_of, merchantId: input.merchant_id });
    return { cutoff: formatTimestamp(run.cutoff), batches: run.batches, checkouts_completed: run.checkouts_completed };
  },
  audit: (input, run) => ({
    merchantId: input.merchant_id,
    target: null,
    details: { cutoff: run.cutoff, batches: run.batches.length, checkouts_completed: run.checkouts_completed },
  }),
} satisfies OperatorAction<SettlementRun, { cutoff: string; batches: unknown[]; checkouts_completed: number }>;
