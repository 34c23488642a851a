import { describe, expect, it } from 'vitest';
import { fieldMessage, knowsFieldMessage } from '../../lib/surfaces/dashboard/copy/field-messages';

/**
 * Every field message the API can give a dashboard form, as it gives them: collected from the zod
 * schemas (`lib/platform/http/`, `lib/platform/money/amount.ts`, the operations' inputs, with the
 * numbers their templates put in) and zod's own defaults where a schema sets none. A new message in
 * the API belongs here and in the catalogue.
 */
const API_MESSAGES = [
  // Missing, empty, shape.
  'is required',
  'must not be empty',
  'is empty',
  'is required to submit',
  'is required with an ad-hoc recipient',
  'is required for this kind of account',
  'is required for bank_transfer',
  'does not apply to mobile_money',
  'does not apply',
  'unknown field',
  'given more than once',
  'must be an object',
  'must be an object of string values',
  'must be text',
  'must be a string',
  'is not valid percent-encoded UTF-8',
  'nests deeper than 64 levels',
  'must be at most 8 levels deep',
  'must be at most 16384 bytes of JSON',
  'is set by the service on each checkout',
  'cannot be changed after creation',
  'Invalid input: expected string, received undefined',
  'Invalid input: expected string, received number',
  'Invalid input: expected object, received number',
  // Amounts and numbers.
  'must be a number',
  'must be a whole number',
  'Invalid input: expected int, received number',
  'must be a whole number of minutes',
  'must be greater than zero',
  'has more decimals than GHS allows (2)',
  'has more decimals than XOF allows (0)',
  'has more digits than a number can carry exactly (at most 15 significant digits)',
  'must be at most 9999999999999.99',
  'must be at most 100',
  'must be at most 500.00',
  'must be at least 1',
  'must be at least 0',
  'must be at least 5',
  'must be at least 2.50',
  'Too big: expected number to be <=5',
  'Too small: expected number to be >=1',
  'must be whole shillings for M-Pesa',
  'must be whole UGX for Airtel Money',
  'must be at least 10.00 for M-Pesa',
  'is too small: after the fee it buys less than the smallest unit of XOF',
  'is too large: it would buy more than 9999999999999.99 NGN',
  'must not be less than min_amount',
  'only for a link whose customer chooses the amount (without amount)',
  'must not repeat an amount',
  // Lengths and limits.
  'must be at most 2048 characters',
  'must be at most 500 characters',
  'must be at most 200 characters',
  'must be at most 254 characters',
  'must be at most 2000 characters',
  'Too big: expected string to have <=200 characters',
  'Too small: expected string to have >=1 characters',
  'must be at most 10080 (7 days)',
  'must be at most 43200 (30 days)',
  'must be at most 365 days ahead',
  'must be at least 5 minutes in the future',
  'must have at most 50 keys',
  'must have at most 49 keys',
  'Too big: expected array to have <=10 items',
  'must list at most 20 origins',
  'must list at most 6 amounts',
  'must list at least one origin',
  'must list at least one amount',
  'is listed twice',
  'at most 10 documents: remove one first',
  'is larger than 5 MB',
  'must be a PDF, PNG or JPEG file',
  // Dates.
  'must be an ISO 8601 date-time',
  'must be a date (2026-11-24) or a UTC date-time (2026-11-24T09:30:00)',
  'must be in the future',
  'must be within a year from now',
  'must be between 1970 and 9999',
  'must not be before created_from',
  // Choices.
  'must be a supported currency code (GHS, NGN, KES, UGX, XOF, XAF, USD)',
  'must be a currency code',
  'must be a three-letter currency code',
  'must differ from from_currency',
  'is a GHS account; this withdrawal is in NGN',
  'must be mtn_momo: these payouts go by MTN MoMo',
  'must be mpesa: KES payouts go by M-Pesa',
  'must be airtel_money: these payouts go by Airtel Money',
  'must be one of mtn_momo, mpesa, orange_money, vodafone_cash, airtel_money',
  'must be one of en, fr',
  'Invalid option: expected one of "a"|"b"',
  'Invalid input: expected "a"',
  'must be test or live',
  'must be bank_transfer or mobile_money',
  'must be bank_account or mobile_money',
  'must be merchant or internal',
  'must be active, inactive or suspended',
  'must be true or false',
  'must be ticked or left out',
  'Invalid input: expected boolean, received string',
  'must be a UUID',
  'Invalid UUID',
  'must name at least one permission',
  'must name at least one event, or "*" for all',
  'must be event identifiers',
  'must accept at least one method (null accepts all)',
  'must change at least one field',
  'is already a member of this business',
  // Addresses.
  'must be an email address',
  'Invalid email address',
  'must be a URL',
  'Invalid URL',
  'must be an http(s) URL',
  'must be an https:// URL',
  'must be a web address (https://…)',
  'must be a https URL',
  'must start with https:// and the host',
  'must be https:// (http:// is only allowed for localhost in test mode)',
  'must be https:// (http:// is only allowed for localhost and 127.0.0.1)',
  'must name a host with a domain (https://shop.example/…)',
  'must be a public address (10.0.0.1 is private)',
  'must be a public origin in live mode (localhost is for test mode)',
  'must not carry credentials (user@)',
  'must not have a #fragment',
  'must be an origin such as https://shop.example (scheme, host and optional port; no path, query or wildcard)',
  // Phone numbers and accounts.
  'must be a phone number',
  'must be a phone number (7 to 15 digits, optional +)',
  'is not a MTN MoMo number (for example 024 123 4567)',
  'is not a +233 number',
  'not a +254 mobile number',
  'must be a +256 number for Airtel Money in UGX',
  'must be a Ghana number in international (+233…) or local form (024 123 4567)',
  'must be in international form (+225, +221): Orange Money pays out in XOF in several countries',
  'is required: Orange Money takes XOF in CI, SN (or give the number with its +country code)',
  'must be 4 to 34 letters or digits (IBANs allowed)',
  'must be 2 to 64 letters, digits, spaces, dots, dashes or slashes',
  "is required for live bank payouts: the bank's code",
  "has no bank_routing_number: live bank payouts need the bank's code",
  'must be a payment reference',
  'must be a payment reference (PAY- and 16 letters or digits)',
  'must be a hex colour like #1A2B3C',
  // Text that cannot be kept.
  'must not contain control, direction-changing or invisible characters',
  'must not contain a web address',
  'must not contain spaces or control characters',
  'must not contain backslashes',
  'contains a character that cannot be stored (NUL or an unpaired UTF-16 surrogate)',
  'contains characters that cannot be stored',
  'has a key that contains a character that cannot be stored (NUL or an unpaired UTF-16 surrogate)',
];

/** Messages whose figures the owner needs: every number in them is in both sentences. */
const KEEPS_NUMBERS = /at most|at least|decimals|digits than|between|MB|documents|characters|<=|>=|\+\d/;

describe('field messages in the shop owner’s words', () => {
  it.each(API_MESSAGES)('%s: an English and a French sentence', (message) => {
    expect(knowsFieldMessage(message)).toBe(true);
    const en = fieldMessage('en', message);
    const fr = fieldMessage('fr', message);
    expect(en).not.toBe(message);
    expect(fr).not.toBe(message);
    expect(fr).not.toBe(en);
    // A sentence: a capital or a figure first, a full stop last; no template left unfilled.
    for (const sentence of [en, fr]) {
      expect(sentence).toMatch(/^[A-ZÀ-Ý0-9+{]|^\d/);
      expect(sentence).toMatch(/[.)]$/);
      expect(sentence).not.toMatch(/\{\d\}/);
    }
    if (KEEPS_NUMBERS.test(message)) {
      for (const figure of message.match(/\d+(?:[.,]\d+)?/g) ?? []) {
        expect(en).toContain(figure);
        expect(fr).toContain(figure);
      }
    }
  });

  it('keeps the figures: the limit, the currency and its decimals', () => {
    expect(fieldMessage('en', 'must be at most 2048 characters')).toBe('Keep it to 2048 characters at most.');
    expect(fieldMessage('fr', 'must be at most 2048 characters')).toBe('2048 caractères au maximum.');
    expect(fieldMessage('fr', 'has more decimals than XOF allows (0)')).toBe(
      'Les montants en XOF ont au plus 0 décimales.',
    );
    expect(fieldMessage('en', 'must be a number')).toBe('Enter a number, in digits.');
    expect(fieldMessage('fr', 'must be a number')).toBe('Saisissez un nombre, en chiffres.');
  });

  it('falls back to the API’s text for a message it does not know', () => {
    expect(knowsFieldMessage('is on fire')).toBe(false);
    expect(fieldMessage('fr', 'is on fire')).toBe('is on fire');
    expect(fieldMessage('en', 'is on fire')).toBe('is on fire');
  });
});
