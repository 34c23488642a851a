import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueNow } from '../../lib/notifications/webhooks/dispatcher';
import { computeWebhookSignature } from '../../lib/notifications/webhooks/verify';
import { samples, type Sample } from '../../lib/surfaces/docs/samples';
import { contract } from '../support/contract';
import { startHttpService } from '../support/http-service';
import { newMerchant, type Merchant } from '../support/fixtures';
import { closeAllReceivers, startReceiver, type ReceivedWebhook } from '../support/webhook-receiver';
import { runProgram } from '../support/run-program';

/**
 * The code samples /docs shows (lib/surfaces/docs/samples.ts), run as a developer would paste them,
 * each by its own language's interpreter, against this service over real HTTP: each creates the
 * checkout (one checkout, the same Idempotency-Key), and each verification function accepts a real
 * delivery and refuses it tampered, stale or under another secret. PHP runs where `php` is installed
 * (Debian's php-cli); python3, bash, curl and openssl are on every machine this suite runs on.
 */

const has = (command: string) =>
  (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(path.join(dir, command)));

const run = runProgram;

const TSX = path.resolve('node_modules/.bin/tsx');

/** How each language's sample runs: the file it is written to, and the command that runs that file. */
const RUNNERS: Record<Sample['language'], { file: string; command: string[]; available: boolean; harness: string }> = {
  curl: { file: 'sample.sh', command: ['bash'], available: has('curl') && has('openssl'), harness: '' },
  TypeScript: {
    file: 'sample.mts',
    command: [TSX],
    available: true,
    harness: `\nimport fs from 'node:fs';\nconsole.log(verifyWebhook(fs.readFileSync(0), process.env.SIGNATURE!, process.env.WEBHOOK_SECRET!) ? 'ok' : 'refused');\n`,
  },
  Python: {
    file: 'sample.py',
    command: ['python3'],
    available: has('python3'),
    harness: `\nimport os, sys\nprint("ok" if verify_webhook(sys.stdin.buffer.read(), os.environ["SIGNATURE"], os.environ["WEBHOOK_SECRET"]) else "refused")\n`,
  },
  PHP: {
    file: 'sample.php',
    command: ['php'],
    available: has('php'),
    harness: `\necho verify_webhook(file_get_contents('php://stdin'), getenv('SIGNATURE'), getenv('WEBHOOK_SECRET')) ? "ok" : "refused", "\\n";\n`,
  },
};

let closeService: (() => Promise<void>) | undefined;
let base: string;
let workDir: string;
let merchant: Merchant;
let delivery: ReceivedWebhook;
let secret: string;

beforeAll(async () => {
  ({ base, close: closeService } = await startHttpService());
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-samples-'));
  // The TypeScript sample imports the client package: here, its source under the package's name.
  const client = path.join(workDir, 'node_modules/@merchant-payments/client');
  fs.mkdirSync(client, { recursive: true });
  fs.writeFileSync(path.join(client, 'package.json'), JSON.stringify({ type: 'module', exports: './index.ts' }));
  fs.writeFileSync(
    path.join(client, 'index.ts'),
    `export * from ${JSON.stringify(path.resolve('lib/surfaces/client/src/index.ts'))};\n`,
  );
  merchant = await newMerchant();

  // A real delivery: the endpoint's test event, signed by the dispatcher.
  const receiver = await startReceiver({ status: 200 });
  const webhook = await merchant.ok(contract.createWebhook, {
    body: { url: receiver.url, events: ['*'], allow_loopback: true },
  });
  secret = webhook.body.data.secret;
  await merchant.ok(contract.sendWebhookTest, { params: { webhook_id: webhook.body.data.id } });
  await deliverDueNow();
  delivery = (await receiver.waitFor(1))[0]!;
});

afterAll(async () => {
  await closeAllReceivers();
  await closeService?.();
  fs.rmSync(workDir, { recursive: true, force: true });
});

for (const sample of samples('BASE')) {
  const runner = RUNNERS[sample.language];
  const runSample = async (code: string, options: { env?: Record<string, string>; input?: string | Buffer } = {}) => {
    const file = path.join(workDir, runner.file);
    fs.writeFileSync(file, code);
    const result = await run(runner.command[0]!, [...runner.command.slice(1), file], { cwd: workDir, ...options });
    expect(result.code, `${sample.language}: ${result.stderr}`).toBe(0);
    return result.stdout.trim();
  };

  describe.skipIf(!runner.available)(`the ${sample.language} sample`, () => {
    it('creates the checkout; run again with its Idempotency-Key, it is the same checkout', async () => {
      const code = sample.create.replaceAll('BASE', base);
      const printed = await runSample(code, { env: { PAYMENTS_KEY: merchant.apiKey } });
      // curl prints the whole answer; the programs print checkout_url.
      const urlOf = (out: string) =>
        sample.language === 'curl' ? (JSON.parse(out) as { data: { checkout_url: string } }).data.checkout_url : out;
      const url = urlOf(printed);
      expect(url).toMatch(/^https:\/\/pay\.payments\.test\/pay\/PAY-[0-9A-Z]+#token=/);
      const again = await runSample(code, { env: { PAYMENTS_KEY: merchant.apiKey } });
      expect(urlOf(again)).toBe(url);
      const reference = new URL(url).pathname.split('/').pop()!;
      const listed = await merchant.ok(contract.listCheckouts, { query: { limit: 100 } });
      const mine = listed.body.data.filter((c) => c.payment_reference === reference);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' });
    });

    it('verifies a real delivery, and refuses it tampered, under another secret, or stale', async () => {
      const signature = String(delivery.headers['x-webhook-signature']);
      const verify = async (body: string, env: { SIGNATURE: string; WEBHOOK_SECRET: string }) => {
        fs.writeFileSync(path.join(workDir, 'body.json'), body);
        return runSample(sample.verify + runner.harness, { env, input: body });
      };
      expect(await verify(delivery.raw, { SIGNATURE: signature, WEBHOOK_SECRET: secret })).toBe('ok');
      expect(await verify(`${delivery.raw} `, { SIGNATURE: signature, WEBHOOK_SECRET: secret })).toBe('refused');
      expect(await verify(delivery.raw, { SIGNATURE: signature, WEBHOOK_SECRET: `${secret}x` })).toBe('refused');
      // Signed right, ten minutes ago.
      const old = Math.floor(Date.now() / 1000) - 600;
      const stale = `t=${old},v1=${computeWebhookSignature(secret, old, delivery.raw)}`;
      expect(await verify(delivery.raw, { SIGNATURE: stale, WEBHOOK_SECRET: secret })).toBe('refused');
    });
  });
}
