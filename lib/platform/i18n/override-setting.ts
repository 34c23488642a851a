import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { overrideProblems, type MessageOverrides } from './override-check';

/** MESSAGE_OVERRIDES_FILE: the path of a JSON file of wording overrides, read and checked at start (config.ts) and by i18n/overrides.ts. */
export const messageOverridesSetting = z
  .string()
  .optional()
  .transform((path, ctx): MessageOverrides | undefined => {
    if (!path) return undefined;
    let document: unknown;
    try {
      document = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `cannot read ${path} as JSON (${error instanceof Error ? error.message : String(error)})`,
      });
      return z.NEVER;
    }
    const problems = overrideProblems(document);
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: `${path}: ${problem}` });
    return problems.length ? z.NEVER : (document as MessageOverrides);
  });
