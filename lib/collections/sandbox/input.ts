import { z } from 'zod';
import { amountNumber } from '../../platform/money/amount';
import { paymentReference } from '../hosted-page/input';

export const simulateTransferInput = z.strictObject({
  payment_reference: paymentReference,
  scenario: z.enum(['exact', 'short', 'over', 'duplicate']).default('exact').meta({
    description:
      'exact: the amount due; short: one unit less (1.00, or 1 franc); over: one unit more; duplicate: the exact amount twice',
  }),
  amount: amountNumber.optional().meta({ description: "Overrides the scenario's amount (major units)" }),
});

export const simulateMobileMoneyParams = z.strictObject({ attempt_id: z.uuid({ error: 'must be a UUID' }) });

export const simulateMobileMoneyInput = z.strictObject({
  outcome: z.enum(['success', 'declined', 'insufficient_funds', 'timeout']),
});
