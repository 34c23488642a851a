import { caller } from '../../support/caller';
import { contract } from '../../support/contract';
import { hostedPage, liveKeyOf, newMerchant, settleEverything, type Merchant } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import type { MpesaServer } from '../../support/providers/mpesa';

/** A KES withdrawal to an M-Pesa number, as a merchant asks for it. */
export const mpesaWithdrawal = (amount: number, details: Record<string, string> = {}) => ({
  amount,
  currency_code: 'KES' as const,
  payout_type: 'mobile_money' as const,
  recipient_details: {
    recipient_name: 'Wanjiru Kamau',
    mobile_number: '0712 345 678',
    network_provider: 'mpesa',
    ...details,
  },
});

export const STATUS_QUERY_PATH = '/mpesa/transactionstatus/v1/query';

/** POSTs `body` to one of our addresses as anyone could (the token is in the URL). */
export const postTo = (url: string, body: unknown) => caller().raw('POST', new URL(url).pathname, { body });

/** Live KES withdrawals by B2C against Daraja's contract server (`mpesaLive`): the steps the tests share. */
export function mpesaWithdrawals(server: () => MpesaServer) {
  /** A live merchant with KES available: paid by M-Pesa (STK Push), then settled. */
  async function fundedLiveMerchant(): Promise<{ merchant: Merchant; live: Merchant }> {
    const merchant = await newMerchant();
    const live = await liveKeyOf(merchant);
    const checkout = (
      await live.ok(contract.createCheckout, {
        body: { customer_email: 'wanjiru@example.com', amount: 5_000, currency_code: 'KES' },
      })
    ).body.data;
    await hostedPage(checkout).page.ok(contract.startMobileMoneyPayment, {
      body: { network: 'mpesa', phone: '0712345678' },
    });
    await runJobsNow(['rail_request_payment']);
    const [push] = server().stkPushes().slice(-1);
    await server().complete(push!.checkoutRequestId, 0);
    await settleEverything(merchant.id);
    return { merchant, live };
  }

  /** A withdrawal picked up and sent to Daraja (PROCESSING); its id. */
  async function sentWithdrawal(live: Merchant, amount = 1_000) {
    const created = (await live.ok(contract.createWithdrawal, { body: mpesaWithdrawal(amount) })).body.data;
    await runJobsNow(['pick_up_payout']);
    await runJobsNow(['rail_send_payout']);
    return created.transaction_id as string;
  }

  return {
    fundedLiveMerchant,
    sentWithdrawal,
    available: async (live: Merchant) =>
      (await live.ok(contract.getWallet, { params: { currency_code: 'KES' } })).body.data.available_balance,
    statusOf: async (live: Merchant, id: string) =>
      (await live.ok(contract.getWithdrawal, { params: { transaction_id: id } })).body.data.status,
    /** Daraja's answer to a status query about `id`, once our route has answered it (the first after `after` deliveries). */
    statusAnswer: (id: string, after = 0) =>
      server().waitForDelivery(
        (d) =>
          d.kind === 'status_result' &&
          d.reference === id &&
          d.receiverStatus !== null &&
          server().deliveries.indexOf(d) >= after,
      ),
  };
}
