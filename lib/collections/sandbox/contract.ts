import { z } from 'zod';
import { ATTEMPT_STATUSES } from '../../platform/vocabulary';
import { operation } from '../../platform/http/operation';
import { named, uuidField } from '../../platform/http/shapes';
import { simulateMobileMoneyInput, simulateMobileMoneyParams, simulateTransferInput } from './input';

const SANDBOX_ONLY =
  'For test-mode checkouts only: a live checkout (and its attempts) is a 404 here, as if it did not exist.';

export const sandboxTransferResultSchema = named(
  'SandboxTransferResult',
  z.object({
    transfers: z
      .array(
        z.object({
          kind: z.enum(['payment', 'underpayment', 'duplicate', 'already_recorded']).meta({
            description:
              'How the money was recorded: payment (exact or over), underpayment (short: waits for the rest, or an operator), duplicate (the checkout could no longer take it: kept for a refund), already_recorded (the same rail reference twice)',
          }),
          checkout_id: uuidField,
        }),
      )
      .meta({ description: 'One per transfer that arrived (two for `duplicate`)' }),
  }),
);
export type SandboxTransferResult = z.infer<typeof sandboxTransferResultSchema>;

export const sandboxMobileMoneyResultSchema = named(
  'SandboxMobileMoneyResult',
  z.object({
    attempt_id: uuidField,
    status: z
      .enum(ATTEMPT_STATUSES)
      .meta({ description: "The attempt's status after the outcome (unchanged when it was already settled)" }),
  }),
);
export type SandboxMobileMoneyResult = z.infer<typeof sandboxMobileMoneyResultSchema>;

export const simulateBankTransfer = operation({
  operationId: 'simulateBankTransfer',
  method: 'POST',
  path: '/api/sandbox/bank-transfers',
  tag: 'Sandbox',
  summary: 'Simulate an incoming bank transfer',
  description: `A bank transfer quoting \`payment_reference\` arrives, as the rail would report it: the checkout is paid (exact or over amount, whatever the merchant's KYB: test mode never waits for an operator), waits for the rest (short amount; an operator may also approve it), or records a duplicate payment. An unknown reference is a 404. ${SANDBOX_ONLY}`,
  security: 'none',
  body: simulateTransferInput,
  data: sandboxTransferResultSchema,
  errors: [404],
  example: { body: { payment_reference: 'PAY-7K3M9Q2XW4T8B6ZD', scenario: 'exact' } },
});

export const simulateMobileMoneyOutcome = operation({
  operationId: 'simulateMobileMoneyOutcome',
  method: 'POST',
  path: '/api/sandbox/mobile-money/{attempt_id}',
  tag: 'Sandbox',
  summary: 'Answer a mobile-money prompt',
  description: `Answers the prompt of the attempt (\`latest_attempt.id\` of the checkout session) now instead of waiting: success pays the checkout, declined and insufficient_funds fail it, timeout times it out. Answering an attempt that is no longer waiting changes nothing (a late success is still recorded). ${SANDBOX_ONLY}`,
  security: 'none',
  params: simulateMobileMoneyParams,
  body: simulateMobileMoneyInput,
  data: sandboxMobileMoneyResultSchema,
});
