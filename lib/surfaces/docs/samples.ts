/**
 * The first integration in four languages, as /docs shows it: create a checkout, verify a webhook.
 * Each is a whole program or function a developer pastes as is; the integration suite runs the
 * Python and PHP ones against the service (tests/integration/docs-samples.test.ts), so they cannot
 * drift from what the server does. Only each language's standard library: no package to install.
 * The key is read from PAYMENTS_KEY and the signing secret from WEBHOOK_SECRET.
 */

export interface Sample {
  language: 'curl' | 'TypeScript' | 'Python' | 'PHP';
  create: string;
  verify: string;
}

const CHECKOUT = { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' };

/** An object of strings and numbers as TypeScript source: `{ a: 'x', b: 1 }`. */
const tsLiteral = (value: Record<string, string | number>) =>
  `{ ${Object.entries(value)
    .map(([key, v]) => `${key}: ${typeof v === 'string' ? `'${v}'` : v}`)
    .join(', ')} }`;

export function samples(base: string): Sample[] {
  return [
    {
      language: 'curl',
      create: `curl -s -X POST ${base}/api/v1/merchants/checkouts \\
  -H "x-api-key: $PAYMENTS_KEY" -H 'content-type: application/json' \\
  -H 'idempotency-key: order-1042' \\
  -d '${JSON.stringify(CHECKOUT)}'`,
      verify: `# body.json: the raw body as received; SIGNATURE: its X-Webhook-Signature header
t=\${SIGNATURE#t=}; t=\${t%%,*}
expected=$( (printf '%s.' "$t"; cat body.json) | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" -r | cut -d' ' -f1)
if [ $(( $(date +%s) - t )) -gt 300 ] || [ $(( t - $(date +%s) )) -gt 300 ]; then echo refused
else case ",$SIGNATURE," in *",v1=$expected,"*) echo ok ;; *) echo refused ;; esac; fi`,
    },
    {
      language: 'TypeScript',
      create: `// npm install merchant-payments-client-0.1.0.tgz (npm pack in lib/surfaces/client builds it)
import { PaymentsClient } from '@merchant-payments/client';

const payments = new PaymentsClient({ baseUrl: '${base}', apiKey: process.env.PAYMENTS_KEY! });
const checkout = await payments.createCheckout({
  body: ${tsLiteral(CHECKOUT)},
  idempotencyKey: 'order-1042', // the same key on a retry: one checkout, never two
});
console.log(checkout.checkout_url); // send the customer here`,
      verify: `import crypto from 'node:crypto';

/** True when X-Webhook-Signature signs rawBody under secret, within 5 minutes. */
export function verifyWebhook(rawBody: Buffer, header: string, secret: string, tolerance = 300): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\\d+$/.test(t) || Math.abs(Date.now() / 1000 - Number(t)) > tolerance) return false;
  const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\`).update(rawBody).digest();
  return parts.some(
    ([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v) && crypto.timingSafeEqual(Buffer.from(v, 'hex'), expected),
  );
}`,
    },
    {
      language: 'Python',
      create: `import json, os, urllib.request

request = urllib.request.Request(
    "${base}/api/v1/merchants/checkouts",
    method="POST",
    data=json.dumps(${pythonLiteral(CHECKOUT)}).encode(),
    headers={
        "x-api-key": os.environ["PAYMENTS_KEY"],
        "content-type": "application/json",
        "idempotency-key": "order-1042",  # the same key on a retry: one checkout, never two
    },
)
with urllib.request.urlopen(request) as response:
    checkout = json.load(response)["data"]
print(checkout["checkout_url"])  # send the customer here`,
      verify: `import hashlib, hmac, time

def verify_webhook(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    """True when X-Webhook-Signature signs raw_body under secret, within 5 minutes."""
    parts = [part.split("=", 1) for part in header.split(",")]
    t = next((value for key, value in parts if key == "t"), "")
    if not t.isdigit() or abs(time.time() - int(t)) > tolerance:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(key == "v1" and hmac.compare_digest(value, expected) for key, value in parts)`,
    },
    {
      language: 'PHP',
      create: `<?php
$response = file_get_contents('${base}/api/v1/merchants/checkouts', false, stream_context_create([
    'http' => [
        'method' => 'POST',
        'header' => "x-api-key: " . getenv('PAYMENTS_KEY') . "\\r\\n"
            . "content-type: application/json\\r\\n"
            . "idempotency-key: order-1042\\r\\n", // the same key on a retry: one checkout, never two
        'content' => json_encode(${phpLiteral(CHECKOUT)}),
    ],
]));
$checkout = json_decode($response, true)['data'];
echo $checkout['checkout_url'], "\\n"; // send the customer here`,
      verify: `<?php
/** True when X-Webhook-Signature signs $rawBody under $secret, within 5 minutes. */
function verify_webhook(string $rawBody, string $header, string $secret, int $tolerance = 300): bool
{
    $t = null;
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        [$key, $value] = array_pad(explode('=', $part, 2), 2, '');
        if ($key === 't') $t = $value;
        if ($key === 'v1') $signatures[] = $value;
    }
    if ($t === null || !ctype_digit($t) || abs(time() - (int) $t) > $tolerance) return false;
    $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);
    foreach ($signatures as $signature) {
        if (hash_equals($expected, $signature)) return true;
    }
    return false;
}`,
    },
  ];
}

function pythonLiteral(value: Record<string, string | number>): string {
  return `{${Object.entries(value)
    .map(([k, v]) => `"${k}": ${typeof v === 'string' ? `"${v}"` : String(v)}`)
    .join(', ')}}`;
}

function phpLiteral(value: Record<string, string | number>): string {
  return `[${Object.entries(value)
    .map(([k, v]) => `'${k}' => ${typeof v === 'string' ? `'${v}'` : String(v)}`)
    .join(', ')}]`;
}
