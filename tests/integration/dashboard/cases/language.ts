import type { ActionCase } from './world';

/** Choosing one's language names no object of any merchant: there is nothing foreign to point at. */
export const LANGUAGE_CASES = {
  chooseLanguage: { valid: () => ({ locale: 'fr' }), foreign: null },
} satisfies Record<string, ActionCase>;
