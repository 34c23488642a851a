import { expect, type LiveMerchant } from './support';

/**
 * The merchant's end of a live payment: a live webhook endpoint gets the signed `checkout.paid`.
 * Live endpoints must be public https addresses (loopback is for test endpoints only), and this
 * machine reaches no public network, so the proof stops at the attempt: the delivery exists for the
 * live endpoint, carries this checkout, and was tried. The test key sees neither endpoint nor delivery.
 */
export async function subscribeLive(merchant: LiveMerchant): Promise<string> {
  const created = await merchant.call('POST', '/api/v1/merchants/webhooks', {
    url: 'https://hooks.shop.example/payments',
    events: ['checkout.paid'],
  });
  expect(created.status).toBe(200);
  return created.body.data.id as string;
}

export async function expectPaidDelivered(merchant: LiveMerchant, webhookId: string, checkoutId: string) {
  const deliveries = `/api/v1/merchants/webhooks/${webhookId}/deliveries`;
  await expect
    .poll(async () => {
      const listed = await merchant.call('GET', deliveries);
      return (listed.body.data as { event_type: string; attempt_count: number; payload: any }[])
        .filter((d) => d.attempt_count > 0 && d.payload?.data?.id === checkoutId)
        .map((d) => d.event_type);
    })
    .toEqual(['checkout.paid']);
  expect((await merchant.testMode.call('GET', deliveries)).status).toBe(404);
  expect((await merchant.testMode.call('GET', `/api/v1/merchants/checkouts/${checkoutId}`)).status).toBe(404);
}
