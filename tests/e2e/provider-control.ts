import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startPaystack } from '../support/providers/paystack';
import { startMtnMomo } from '../support/providers/mtn-momo';
import { startMpesa } from '../support/providers/mpesa';

/**
 * The live providers for the browser run: Paystack's, MTN MoMo's and Daraja's (M-Pesa) contract servers (what the
 * service calls, and which send their webhooks and callbacks to it), plus a small control server on
 * 127.0.0.1 through which the specs, in their own processes, act as the customer's bank or phone:
 * `GET /charges`, `POST /pay {reference}` (Paystack); `GET /prompts`, `POST /approve {reference}`,
 * `POST /decline {reference, reason}` (MTN); `GET /stk-pushes`, `POST /stk-complete {reference}` (an
 * M-Pesa prompt paid), `POST /b2c-complete {reference}` (a B2C payout paid, our payout id).
 */
export async function startProvidersForBrowsers(baseUrl: string) {
  const secretKey = `sk_test_${crypto.randomBytes(20).toString('hex')}`;
  const paystack = await startPaystack({ secretKey, webhookUrl: `${baseUrl}/api/rails/paystack/notifications` });
  const mtn = await startMtnMomo({ targetEnvironment: 'mtnghana', currency: 'GHS' });
  const { collection } = mtn.adapterSettings;
  // Callbacks go over HTTP to the attempt's or payout's own address, as Daraja's do.
  const mpesa = await startMpesa({ timestampToleranceSeconds: null });
  const control = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method === 'GET' && req.url === '/charges') {
          const charges = [...paystack.state.charges.values()].map((c) => ({
            reference: c.reference,
            amount: c.amount.toString(),
            account_number: c.accountNumber,
            bank_name: c.bank.name,
            status: c.status,
          }));
          return reply(res, 200, charges);
        }
        const body = () => JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reference: string; reason?: string };
        if (req.method === 'POST' && req.url === '/pay') {
          const paid = await paystack.payCharge(body().reference);
          return reply(res, 200, { outcome: paid.outcome, delivered: paid.delivery?.status ?? null });
        }
        if (req.method === 'GET' && req.url === '/prompts') {
          const prompts = mtn.transactions('collection').map((t) => ({ reference: t.referenceId, status: t.status }));
          return reply(res, 200, prompts);
        }
        if (req.method === 'POST' && req.url === '/approve') {
          const sent = await mtn.approve(body().reference, { callback: 'send' });
          return reply(res, 200, { callbacks: sent.map((c) => ('status' in c.outcome ? c.outcome.status : null)) });
        }
        if (req.method === 'POST' && req.url === '/decline') {
          const { reference, reason } = body();
          const sent = await mtn.decline(reference, reason ?? 'APPROVAL_REJECTED', { callback: 'send' });
          return reply(res, 200, { callbacks: sent.map((c) => ('status' in c.outcome ? c.outcome.status : null)) });
        }
        if (req.method === 'GET' && req.url === '/stk-pushes') {
          const pushes = mpesa
            .stkPushes()
            .map((p) => ({ reference: p.checkoutRequestId, callback_url: p.fields.callbackUrl }));
          return reply(res, 200, pushes);
        }
        if (req.method === 'POST' && req.url === '/stk-complete') {
          const { reference } = body();
          await mpesa.complete(reference, 0);
          return reply(res, 200, { receipt: mpesa.stkPush(reference)?.receipt ?? null });
        }
        if (req.method === 'POST' && req.url === '/b2c-complete') {
          const { reference } = body();
          await mpesa.completePayout(reference, 0);
          return reply(res, 200, { receipt: mpesa.payout(reference)?.transactionId ?? null });
        }
        reply(res, 404, { error: 'unknown control route' });
      })().catch((error: unknown) => reply(res, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    env: {
      PAYSTACK_SECRET_KEY: secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      MTN_MOMO_BASE_URL: mtn.url,
      MTN_MOMO_TARGET_ENVIRONMENT: 'mtnghana',
      MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: collection.subscriptionKey,
      MTN_MOMO_COLLECTION_API_USER: collection.apiUser,
      MTN_MOMO_COLLECTION_API_KEY: collection.apiKey,
      MPESA_BASE_URL: mpesa.url,
      MPESA_CONSUMER_KEY: mpesa.account.consumerKey,
      MPESA_CONSUMER_SECRET: mpesa.account.consumerSecret,
      MPESA_SHORT_CODE: mpesa.account.shortCode,
      MPESA_PASSKEY: mpesa.account.passkey,
      MPESA_B2C_SHORT_CODE: mpesa.account.b2cShortCode,
      MPESA_B2C_INITIATOR_NAME: mpesa.account.initiatorName,
      MPESA_B2C_SECURITY_CREDENTIAL: mpesa.account.securityCredential,
      LIVE_ROUTES:
        'NGN:bank_transfer=paystack,GHS:mobile_money=mtn_momo,KES:mobile_money=mpesa,KES:payout_mobile_money=mpesa',
    },
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    stop: async () => {
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await paystack.close();
      await mtn.close();
      await mpesa.close();
    },
  };
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
