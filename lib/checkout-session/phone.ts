import { MOBILE_MONEY_NETWORKS, type MobileMoneyNetwork } from '../payment-methods/catalog';

/**
 * A mobile-money number in E.164 for its network's country: `024 412 3456` or `+233 24 412 3456`
 * → `+233244123456`. Subscriber numbers in Ghana and Kenya are 9 digits after the country code.
 * Returns null when the number cannot belong to that network's country.
 */
export function normaliseMobileNumber(raw: string, network: MobileMoneyNetwork): string | null {
  const country = MOBILE_MONEY_NETWORKS[network].countryCallingCode;
  const digits = raw.replace(/[\s\-().]/g, '');
  let national: string;
  if (digits.startsWith('+')) {
    if (!digits.startsWith(`+${country}`)) return null;
    national = digits.slice(country.length + 1);
  } else if (digits.startsWith('00' + country)) {
    national = digits.slice(country.length + 2);
  } else if (digits.startsWith(country) && digits.length === country.length + 9) {
    national = digits.slice(country.length);
  } else if (digits.startsWith('0')) {
    national = digits.slice(1);
  } else {
    national = digits;
  }
  return /^[1-9]\d{8}$/.test(national) ? `+${country}${national}` : null;
}

/** `+233244123456` → `+233 ••• ••• 456` for screens and logs. */
export function maskPhone(phone: string): string {
  return phone.length <= 7 ? '•••' : `${phone.slice(0, 4)} ••• ••• ${phone.slice(-3)}`;
}
