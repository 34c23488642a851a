import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startPaystack } from '../support/providers/paystack';

/**
 * Paystack for the browser run: its contract server (what `next start` calls, and which sends its
 * signed webhooks to the service), plus a small control server on 127.0.0.1 through which the specs,
 * in their own processes, act as the customer's bank: `GET /charges`, `POST /pay {reference}`.
 */
export async function startPaystackForBrowsers(baseUrl: string) {
  const secretKey = `sk_test_${crypto.randomBytes(20).toString('hex')}`;
  const paystack = await startPaystack({ secretKey, webhookUrl: `${baseUrl}/api/rails/paystack/notifications` });
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
        if (req.method === 'POST' && req.url === '/pay') {
          const { reference } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reference: string };
          const paid = await paystack.payCharge(reference);
          return reply(res, 200, { outcome: paid.outcome, delivered: paid.delivery?.status ?? null });
        }
        reply(res, 404, { error: 'unknown control route' });
      })().catch((error: unknown) => reply(res, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    env: { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: paystack.url, LIVE_ROUTES: 'NGN:bank_transfer=paystack' },
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    stop: async () => {
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await paystack.close();
    },
  };
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
