import { describe, expect, it } from 'vitest';
import {
  MOBILE_MONEY_COUNTRIES,
  MOBILE_MONEY_MARKETS,
  countryOfInternationalNumber,
  findMarket,
  marketsFor,
  readMobileNumber,
} from '../../lib/rails/mobile-money';
import { offeredMethods } from '../../lib/rails/methods';
import { readOfferedNumber } from '../../app/(checkout)/pay/[reference]/flow';
import { readPayoutNumber } from '../../lib/rails/payout-destination';

const market = (network: string, country: string) => findMarket(network, country)!;

describe('mobile-money numbers, by network and country', () => {
  it.each([
    ['mtn_momo', 'GH', '024 412 3456', '+233244123456'],
    ['mtn_momo', 'GH', '+233 24 412 3456', '+233244123456'],
    ['mtn_momo', 'GH', '00233244123456', '+233244123456'],
    ['mtn_momo', 'GH', '233244123456', '+233244123456'],
    ['mtn_momo', 'GH', '0591234567', '+233591234567'],
    ['vodafone_cash', 'GH', '020 123 4567', '+233201234567'],
    ['mpesa', 'KE', '0712 345 678', '+254712345678'],
    ['mpesa', 'KE', '0110 123 456', '+254110123456'],
    ['orange_money', 'SN', '77 123 45 67', '+221771234567'],
    ['orange_money', 'CI', '07 12 34 56 78', '+2250712345678'],
    ['mtn_momo', 'CI', '+225 05 12 34 56 78', '+2250512345678'],
    ['orange_money', 'ML', '70 12 34 56', '+22370123456'],
    ['orange_money', 'BF', '74 12 34 56', '+22674123456'],
    ['orange_money', 'CM', '6 90 12 34 56', '+237690123456'],
    ['mtn_momo', 'CM', '671 23 45 67', '+237671234567'],
  ])('%s in %s reads %s as %s', (network, country, raw, e164) => {
    expect(readMobileNumber(raw, market(network, country))).toEqual({ e164 });
  });

  it('names the network a number belongs to when it is not the chosen one', () => {
    expect(readMobileNumber('020 123 4567', market('mtn_momo', 'GH'))).toEqual({
      problem: { kind: 'other_network', belongsTo: 'Telecel Cash' },
    });
    expect(readMobileNumber('024 412 3456', market('vodafone_cash', 'GH'))).toEqual({
      problem: { kind: 'other_network', belongsTo: 'MTN MoMo' },
    });
    expect(readMobileNumber('05 12 34 56 78', market('orange_money', 'CI'))).toEqual({
      problem: { kind: 'other_network', belongsTo: 'MTN MoMo' },
    });
    // An AirtelTigo number: a Ghanaian number of a network we do not offer.
    expect(readMobileNumber('026 123 4567', market('mtn_momo', 'GH'))).toEqual({
      problem: { kind: 'other_network', belongsTo: null },
    });
  });

  it('refuses another country and malformed numbers', () => {
    expect(readMobileNumber('+254712345678', market('mtn_momo', 'GH'))).toEqual({ problem: { kind: 'other_country' } });
    for (const raw of ['024 412 345', '024 412 34567', 'abc', '', '+233', '0712345678x']) {
      expect(readMobileNumber(raw, market('mtn_momo', 'GH'))).toEqual({ problem: { kind: 'invalid' } });
    }
    // Côte d'Ivoire's leading 0 is part of the number: the old 8-digit form is not a number any more.
    expect(readMobileNumber('12 34 56 78', market('orange_money', 'CI'))).toEqual({ problem: { kind: 'invalid' } });
  });

  it('every market has prefixes, an example of its own network, and a country with a currency', () => {
    for (const m of MOBILE_MONEY_MARKETS) {
      expect(m.prefixes.length).toBeGreaterThan(0);
      expect(readMobileNumber(m.example, m)).toHaveProperty('e164');
      expect(MOBILE_MONEY_COUNTRIES[m.country].currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('two networks of one country never claim the same number', () => {
    for (const a of MOBILE_MONEY_MARKETS) {
      for (const b of MOBILE_MONEY_MARKETS) {
        if (a === b || a.country !== b.country) continue;
        for (const p of a.prefixes)
          expect(
            b.prefixes.some((q) => p.startsWith(q) || q.startsWith(p)),
            `${a.label}/${b.label} ${p}`,
          ).toBe(false);
      }
    }
  });

  it('finds the country of an international number', () => {
    expect(countryOfInternationalNumber('+221 77 123 45 67')).toBe('SN');
    expect(countryOfInternationalNumber('00225 07 12 34 56 78')).toBe('CI');
    expect(countryOfInternationalNumber('77 123 45 67')).toBeUndefined();
  });
});

describe('what the hosted page offers by currency', () => {
  const offer = (currency: 'GHS' | 'XOF' | 'XAF' | 'NGN') =>
    offeredMethods({ currency, amount: 1000n, kybStatus: 'verified', acceptedMethods: null });

  it('Orange Money in the CFA francs, one entry per country', () => {
    const xof = offer('XOF').find((m) => m.method === 'mobile_money')!;
    expect(xof.networks.map((n) => `${n.id}:${n.country}`)).toEqual([
      'orange_money:SN',
      'orange_money:CI',
      'mtn_momo:CI',
      'orange_money:ML',
      'orange_money:BF',
    ]);
    const xaf = offer('XAF').find((m) => m.method === 'mobile_money')!;
    expect(xaf.networks.map((n) => `${n.id}:${n.country}`)).toEqual(['orange_money:CM', 'mtn_momo:CM']);
  });

  it('networks that only pay out are not offered to customers', () => {
    expect(offer('NGN').map((m) => m.method)).toEqual(['bank_transfer']);
    expect(marketsFor('NGN', 'pay_out').map((m) => m.network)).toEqual(['mtn_momo']);
  });

  it('the MTN Ghana approval menu is given; M-Pesa has none', () => {
    const gh = offer('GHS').find((m) => m.method === 'mobile_money')!;
    expect(gh.networks.find((n) => n.id === 'mtn_momo')!.manual_approval).toEqual({
      dial: '*170#',
      menu: ['My Wallet', 'My Approvals'],
    });
    expect(findMarket('mpesa', 'KE')!.approval).toBeNull();
  });
});

describe('mobile-money payout destinations', () => {
  it('reads local numbers in the currency’s only country', () => {
    expect(readPayoutNumber('GHS', 'mtn_momo', '024 412 3456')).toEqual({ e164: '+233244123456' });
    expect(readPayoutNumber('XAF', 'orange_money', '690123456')).toEqual({ e164: '+237690123456' });
  });

  it('needs the +country code where a currency spans several countries', () => {
    expect(readPayoutNumber('XOF', 'orange_money', '77 123 45 67')).toMatchObject({ field: 'phone' });
    expect(readPayoutNumber('XOF', 'orange_money', '+221 77 123 45 67')).toEqual({ e164: '+221771234567' });
    expect(readPayoutNumber('XOF', 'mtn_momo', '05 12 34 56 78')).toEqual({ e164: '+2250512345678' });
  });

  it('refuses a network that does not pay out in the currency, and another network’s number', () => {
    expect(readPayoutNumber('USD', 'mtn_momo', '+233244123456')).toMatchObject({ field: 'network_provider' });
    expect(readPayoutNumber('GHS', 'orange_money', '+233244123456')).toMatchObject({ field: 'network_provider' });
    expect(readPayoutNumber('GHS', 'mtn_momo', '020 123 4567')).toEqual({
      field: 'phone',
      message: 'is a Telecel Cash number, not MTN MoMo',
    });
  });
});

describe('the rule the hosted page gets with each network', () => {
  it('reads every number of every offered network as the server does, naming a neighbour the same way', () => {
    const samples = MOBILE_MONEY_MARKETS.flatMap((m) => [
      m.example,
      `+${MOBILE_MONEY_COUNTRIES[m.country].callingCode} 1`,
    ]);
    samples.push('020 123 4567', '024 412 3456', '+254712345678', '12', '0712 345 678');
    for (const currency of ['GHS', 'KES', 'XOF', 'XAF'] as const) {
      const networks = offeredMethods({ currency, amount: 100n, kybStatus: 'verified', acceptedMethods: null })[0]!
        .networks;
      for (const network of networks) {
        for (const raw of samples)
          expect(readOfferedNumber(raw, network, networks), `${network.label} ${network.country} ${raw}`).toEqual(
            readMobileNumber(raw, market(network.id, network.country)),
          );
      }
    }
  });
});
