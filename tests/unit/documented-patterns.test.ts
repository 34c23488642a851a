import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { requestJsonSchema } from '../../lib/surfaces/openapi/document';
import { phoneNumber } from '../../lib/platform/http/phone-number';
import { accountNumber } from '../../lib/money-out/payment-accounts/input';
import { httpsUrl } from '../../lib/merchants/branding/input';
import { createWebhookInput } from '../../lib/notifications/webhooks/input';
import { originField } from '../../lib/checkout/embed/input';
import { timestampInput } from '../../lib/platform/http/timestamp-input';
import { displayName } from '../../lib/platform/http/display-name';
import { requiredText } from '../../lib/platform/http/text-input';
import { listCheckoutsQuery } from '../../lib/checkout/input';

/**
 * The patterns the document gives request fields (`documentedAlso`) against the checks those fields
 * run, on the edge cases where a pattern and a check part most easily: the document must never accept
 * a value the field refuses (a client following it is never refused), and must accept the usual forms.
 * Ajv reads the patterns as JSON Schema says (ECMA-262, `u` flag). The both-ways test sends generated
 * requests; this one aims at the edges.
 */
const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);

interface Case {
  name: string;
  schema: z.ZodType;
  /** Accepted by both. */
  usual: unknown[];
  /** Edges: whatever the document accepts, the field must accept too. */
  edges: unknown[];
}

const CASES: Case[] = [
  {
    name: 'phone number',
    schema: phoneNumber,
    usual: ['+233 24 412 3456', '0244123456', '(024) 412-3456', '+254.712.345.678'],
    edges: ['+0123456789', '١٢٣٤٥٦٧٨', '24-412', '+233-24-412-3456-999999', '++233244123456', '0244\u00a0123456', ''],
  },
  {
    name: 'bank account number',
    schema: accountNumber,
    usual: ['0123456789', 'GB29 NWBK 6016 1331 9268 19', 'GB29-NWBK-6016'],
    edges: ['12', '1234' + ' '.repeat(100), 'ABC_DEF', 'x'.repeat(35), '١٢٣٤٥'],
  },
  {
    name: 'https URL (logo, redirect)',
    schema: httpsUrl,
    usual: ['https://shop.example/logo.png', 'HTTPS://SHOP.EXAMPLE/a?b=c', 'https://cdn.shop.example:8443/x'],
    edges: [
      'https://xn--a.example/',
      'https://ab--c.example/',
      'https://localhost/x',
      'https://shop.example/#x',
      'https://a@b.example/',
      'https://shop.example:99999/',
      'https:shop.example',
      'https://shop.example\\@evil.example',
      'http://shop.example/',
      'https://shop.example/ a',
      'https://-a.example/',
      'https://1.2.3.999/',
    ],
  },
  {
    name: 'webhook URL',
    schema: createWebhookInput.shape.url,
    usual: ['https://hooks.example.com/pay', 'http://127.0.0.1:9/hooks'],
    edges: ['https://hooks.example.com/pay#x', 'ftp://hooks.example.com', 'https://xn--zz.example/', ''],
  },
  {
    name: 'origin',
    schema: originField,
    usual: ['https://shop.example', 'https://shop.example:8443', 'http://localhost:8080', 'https://shop.example/'],
    edges: [
      'HTTPS://shop.example',
      'https://shop.example/path',
      ' https://shop.example ',
      'https://xn--zz.example',
      'https://*.example',
      'https://shop.example?x',
      'https://a:b@shop.example',
    ],
  },
  {
    name: 'timestamp',
    schema: timestampInput,
    usual: ['2026-11-24T09:30:00Z', '2026-11-24T09:30:00', '2026-11-24T09:30:00.123+01:00', '1970-01-02T00:00:00Z'],
    edges: [
      '1970-01-01T00:30:00+01:00',
      '9999-12-31T23:30:00-01:00',
      '1969-12-31T23:59:59Z',
      '2026-11-24t09:30:00z',
      '2026-11-24 09:30:00Z',
      '2026-11-24T09:30:00+0100',
      '2026-11-24T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
    ],
  },
  {
    name: 'display name',
    schema: displayName(80),
    usual: ['Ama Shop', ' Ama ', 'مطعم أمة', 'a\u200db', '😀'.repeat(80)],
    edges: [
      'Shop\u202e',
      'Visit https://x.example',
      '   ',
      '',
      'a\tb',
      'x'.repeat(81),
      'x\u00ad',
      '\ufeffAma',
      '😀'.repeat(81),
    ],
  },
  {
    name: 'required text',
    schema: requiredText(10),
    usual: ['  hi  ', '😀'.repeat(10), 'a'.repeat(10)],
    edges: ['   ', '', '😀'.repeat(11), 'a'.repeat(11), '\u3000'],
  },
  {
    name: 'payment reference (query)',
    schema: listCheckoutsQuery.shape.payment_reference,
    usual: ['PAY-7K3M9Q2XW4T8B6ZD', 'pay-7k3m9q2xw4t8b6zd', ' PAY-7K3M9Q2XW4T8B6ZD '],
    edges: ['PAY-123', 'PAY-7K3M9Q2XW4T8B6Z\u00df', 'PAY_7K3M9Q2XW4T8B6ZD'],
  },
];

describe('the patterns the document gives request fields', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s: the document never accepts what the field refuses', (_, c) => {
    const validate = ajv.compile(requestJsonSchema(c.schema));
    for (const value of c.usual) {
      expect(c.schema.safeParse(value).success, `the field takes ${JSON.stringify(value)}`).toBe(true);
      expect(validate(value), `the document takes ${JSON.stringify(value)}`).toBe(true);
    }
    const acceptedOnlyByTheDocument = c.edges.filter((value) => validate(value) && !c.schema.safeParse(value).success);
    expect(acceptedOnlyByTheDocument).toEqual([]);
  });
});
