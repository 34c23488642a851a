import type { PeopleLocale } from '../../../platform/i18n/locale';

/**
 * The API's field messages ("must be at most 2048 characters", from the zod schemas of
 * `lib/platform/http/`, `lib/platform/money/amount.ts` and the operations' inputs, and zod's own
 * defaults) in a shop owner's words, in English and French. A form shows them after the field's
 * label ("Amount: Enter a number."). `{1}`, `{2}`… are what the pattern captured (numbers, currency
 * codes, examples), kept as the API gave them. A message no pattern knows is shown as the API wrote it.
 */
type Rule = readonly [pattern: RegExp, en: string, fr: string];

const CHOOSE = ['Choose one of the options.', 'Choisissez l’une des options.'] as const;
const FILL = ['Fill this in.', 'Ce champ est obligatoire.'] as const;
const FORM = ['This is not in the expected form.', 'Ce n’est pas dans la forme attendue.'] as const;
const HTTPS = [
  'Enter a full web address starting with https://.',
  'Saisissez une adresse web complète commençant par https://.',
] as const;

const RULES: readonly Rule[] = [
  // Missing or empty.
  [/^(is required|must not be empty|is empty|Invalid input: expected \w+, received undefined)$/, ...FILL],
  [/^is required to submit$/, 'Fill this in before sending.', 'Remplissez ce champ avant l’envoi.'],
  [
    /^is required (with an ad-hoc recipient|for this kind of account|for (bank_transfer|mobile_money))$/,
    'Fill this in for this kind of payment.',
    'Remplissez ce champ pour ce type de paiement.',
  ],
  [
    /^does not apply( to \w+)?$/,
    'Leave this empty for this kind of payment.',
    'Laissez ce champ vide pour ce type de paiement.',
  ],
  // Amounts and numbers.
  [/^must be a number$/, 'Enter a number, in digits.', 'Saisissez un nombre, en chiffres.'],
  [
    /^(must be a whole number|Invalid input: expected int, received number)$/,
    'Enter a whole number.',
    'Saisissez un nombre entier.',
  ],
  [/^must be a whole number of minutes$/, 'Enter a whole number of minutes.', 'Saisissez un nombre entier de minutes.'],
  [/^must be greater than zero$/, 'Enter an amount above zero.', 'Saisissez un montant supérieur à zéro.'],
  [
    /^has more decimals than ([A-Z]{3}) allows \((\d+)\)$/,
    '{1} amounts have at most {2} decimals.',
    'Les montants en {1} ont au plus {2} décimales.',
  ],
  [
    /^has more digits than a number can carry exactly \(at most (\d+) significant digits\)$/,
    'Too many digits: {1} at most.',
    'Trop de chiffres : {1} au maximum.',
  ],
  [
    /^must be whole shillings for M-Pesa$/,
    'M-Pesa takes whole shillings, without cents.',
    'M-Pesa n’accepte que des shillings entiers, sans centimes.',
  ],
  [
    /^must be whole ([A-Z]{3}) for Airtel Money$/,
    'Airtel Money takes whole {1}, without decimals.',
    'Airtel Money n’accepte que des {1} entiers, sans décimales.',
  ],
  [/^must be at least ([\d.,]+) for M-Pesa$/, 'M-Pesa takes at least {1}.', 'M-Pesa demande au moins {1}.'],
  [
    /^is too small: after the fee it buys less than the smallest unit of ([A-Z]{3})$/,
    'Too small: after the fee it buys less than the smallest unit of {1}.',
    'Trop petit : après les frais, il achète moins que la plus petite unité de {1}.',
  ],
  [
    /^is too large: it would buy more than (.+)$/,
    'Too large: it would buy more than {1}.',
    'Trop grand : il achèterait plus de {1}.',
  ],
  [
    /^must not be less than min_amount$/,
    'This is less than the smallest amount.',
    'C’est moins que le montant minimum.',
  ],
  [
    /^only for a link whose customer chooses the amount \(without amount\)$/,
    'Only for a link where the customer chooses the amount.',
    'Seulement pour un lien où le client choisit le montant.',
  ],
  [/^must not repeat an amount$/, 'Give each amount only once.', 'Chaque montant une seule fois.'],
  // Lengths and limits ("{1}" is the number the API gave).
  [
    /^(?:must be at most (\d+) characters|Too big: expected string to have <=(\d+) characters)$/,
    'Keep it to {1} characters at most.',
    '{1} caractères au maximum.',
  ],
  [
    /^Too small: expected string to have >=(\d+) characters?$/,
    'Use at least {1} characters.',
    'Au moins {1} caractères.',
  ],
  [/^must be at most (\d+) \((\d+) days\)$/, '{1} at most ({2} days).', '{1} au maximum ({2} jours).'],
  [
    /^must be at most (\d+) days ahead$/,
    'Choose a date at most {1} days ahead.',
    'Choisissez une date au plus {1} jours plus tard.',
  ],
  [/^(?:must be at most|Too big: expected number to be <=)\s?([\d.,]+)$/, '{1} at most.', '{1} au maximum.'],
  [/^(?:must be at least|Too small: expected number to be >=)\s?([\d.,]+)$/, 'At least {1}.', 'Au moins {1}.'],
  [
    /^must be at least (\d+) minutes in the future$/,
    'Choose a time at least {1} minutes from now.',
    'Choisissez une heure au moins {1} minutes plus tard.',
  ],
  [
    /^(?:must have at most (\d+) keys|Too big: expected array to have <=(\d+) items)$/,
    '{1} entries at most.',
    '{1} éléments au maximum.',
  ],
  [/^must list at most (\d+) (origins|amounts)$/, '{1} at most.', '{1} au maximum.'],
  [/^must list at least one (origin|amount)$/, 'Give at least one.', 'Indiquez-en au moins un.'],
  [
    /^(?:must be at most (\d+) levels deep|nests deeper than (\d+) levels)$/,
    'Nest it {1} levels deep at most.',
    '{1} niveaux d’imbrication au maximum.',
  ],
  [/^must be at most (\d+) bytes of JSON$/, 'Keep it to {1} bytes at most.', '{1} octets au maximum.'],
  [/^is listed twice$/, 'This is listed twice.', 'C’est indiqué deux fois.'],
  [
    /^at most (\d+) documents: remove one first$/,
    '{1} documents at most: remove one first.',
    '{1} documents au maximum : retirez-en un d’abord.',
  ],
  [/^is larger than (\d+) MB$/, 'The file is larger than {1} MB.', 'Le fichier dépasse {1} Mo.'],
  [/^must be a PDF, PNG or JPEG file$/, 'Choose a PDF, PNG or JPEG file.', 'Choisissez un fichier PDF, PNG ou JPEG.'],
  // Dates.
  [
    /^(must be an ISO 8601 date-time|must be a date \(.+\) or a UTC date-time \(.+\))$/,
    'Enter a date.',
    'Saisissez une date.',
  ],
  [/^must be in the future$/, 'Choose a date in the future.', 'Choisissez une date à venir.'],
  [/^must be within a year from now$/, 'Choose a date within a year.', 'Choisissez une date dans l’année qui vient.'],
  [/^must be between (\d+) and (\d+)$/, 'Enter a year between {1} and {2}.', 'Saisissez une année entre {1} et {2}.'],
  [/^must not be before created_from$/, 'The end is before the start.', 'La fin est avant le début.'],
  // Choices.
  [
    /^must be a supported currency code \((.+)\)$/,
    'Choose a currency we support: {1}.',
    'Choisissez une devise prise en charge : {1}.',
  ],
  [/^(must be a currency code|must be a three-letter currency code)$/, 'Choose a currency.', 'Choisissez une devise.'],
  [
    /^must differ from from_currency$/,
    'Choose another currency than the one you convert from.',
    'Choisissez une autre devise que celle que vous convertissez.',
  ],
  [
    /^is a ([A-Z]{3}) account; this withdrawal is in ([A-Z]{3})$/,
    'This account is in {1}; the withdrawal is in {2}.',
    'Ce compte est en {1} ; le retrait est en {2}.',
  ],
  [
    /^must be (mtn_momo|mpesa|airtel_money): (these|KES) payouts go by (.+)$/,
    'These payouts go by {3}: choose it.',
    'Ces versements passent par {3} : choisissez-le.',
  ],
  [
    /^(must be one of .+|Invalid option: expected one of .+|must be (test or live|bank_transfer or mobile_money|bank_account or mobile_money|merchant or internal|active, inactive or suspended|active, frozen or suspended|active or frozen)|Invalid input: expected ".+")$/,
    ...CHOOSE,
  ],
  [
    /^(must be true or false|must be ticked or left out|Invalid input: expected boolean, received \w+)$/,
    'Tick it or leave it.',
    'Cochez-la ou laissez-la.',
  ],
  [
    /^(must be a UUID|Invalid UUID)$/,
    'This choice is not valid any more: reload the page.',
    'Ce choix n’est plus valable : rechargez la page.',
  ],
  [/^must name at least one (permission|event).*$/, 'Choose at least one.', 'Choisissez-en au moins un.'],
  [
    /^(must be event identifiers|must be a list of event identifiers.*)$/,
    'Choose events from the list.',
    'Choisissez des évènements de la liste.',
  ],
  [
    /^must accept at least one method.*$/,
    'Choose at least one payment method.',
    'Choisissez au moins un moyen de paiement.',
  ],
  [
    /^must change at least one field$/,
    'Change something before saving.',
    'Modifiez quelque chose avant d’enregistrer.',
  ],
  [
    /^is already a member of this business$/,
    'This person is already in your team.',
    'Cette personne fait déjà partie de votre équipe.',
  ],
  // Addresses.
  [
    /^(must be an email address|Invalid email address)$/,
    'Enter a full email address.',
    'Saisissez une adresse e-mail complète.',
  ],
  [
    /^(must be a URL|Invalid URL|must be an http\(s\) URL|must be an https:\/\/ URL|must be a web address \(https:\/\/…\)|must be a https? URL|must start with https?:\/\/ and the host)$/,
    ...HTTPS,
  ],
  [
    /^must be https:\/\/ \(http:\/\/ is only allowed for .+\)$/,
    'Use an address starting with https://.',
    'Utilisez une adresse commençant par https://.',
  ],
  [
    /^must name a host with a domain .*$/,
    'Use an address with a domain name.',
    'Utilisez une adresse avec un nom de domaine.',
  ],
  [
    /^must be a public (address|origin).*$/,
    'Use an address that can be reached on the internet.',
    'Utilisez une adresse joignable sur internet.',
  ],
  [
    /^must not be port \d+ on loopback.*$/,
    'Use an address that can be reached on the internet.',
    'Utilisez une adresse joignable sur internet.',
  ],
  [
    /^must not carry credentials \(user@\)$/,
    'Remove the name and password from the address.',
    'Retirez le nom et le mot de passe de l’adresse.',
  ],
  [/^must not have a #fragment$/, 'Remove the part from # on.', 'Retirez la partie à partir de #.'],
  [
    /^must be an origin such as (\S+).*$/,
    'Enter only the start of the address, like {1}.',
    'Saisissez seulement le début de l’adresse, comme {1}.',
  ],
  // Phone numbers and accounts.
  [/^must be a phone number.*$/, 'Enter a phone number.', 'Saisissez un numéro de téléphone.'],
  [
    /^is not a (.+) number \(for example (.+)\)$/,
    'This is not a {1} number (for example {2}).',
    'Ce n’est pas un numéro {1} (par exemple {2}).',
  ],
  [
    /^(?:is not|not) a \+(\d+)(?: mobile)? number$/,
    'Enter a number starting with +{1}.',
    'Saisissez un numéro commençant par +{1}.',
  ],
  [
    /^must be a \+(\d+) number for (.+) in ([A-Z]{3})$/,
    '{2} in {3} needs a +{1} number.',
    '{2} en {3} demande un numéro en +{1}.',
  ],
  [
    /^must be a (.+) number in international \(\+(\d+)…\) or local form \((.+)\)$/,
    'Enter a {1} number, as +{2}… or {3}.',
    'Saisissez un numéro {1}, en +{2}… ou {3}.',
  ],
  [
    /^must be in international form \((.+)\): (.+) pays out in ([A-Z]{3}) in several countries$/,
    'Enter the number with its country code ({1}): {2} pays out in {3} in several countries.',
    'Saisissez le numéro avec son indicatif ({1}) : {2} verse des {3} dans plusieurs pays.',
  ],
  [
    /^is required: (.+) takes ([A-Z]{3}) in (.+) \(or give the number with its \+country code\)$/,
    'Choose the country: {1} takes {2} in {3} (or give the number with its +country code).',
    'Choisissez le pays : {1} accepte des {2} en {3} (ou donnez le numéro avec son indicatif +).',
  ],
  [
    /^must be 4 to 34 letters or digits \(IBANs allowed\)$/,
    'Enter 4 to 34 letters or digits (an IBAN works).',
    'Saisissez 4 à 34 lettres ou chiffres (un IBAN convient).',
  ],
  [
    /^must be 2 to 64 letters, digits, spaces, dots, dashes or slashes$/,
    'Use 2 to 64 letters, digits, spaces, dots, dashes or slashes.',
    'Utilisez 2 à 64 lettres, chiffres, espaces, points, tirets ou barres obliques.',
  ],
  [
    /^(is required for live bank payouts: the bank's code|has no bank_routing_number: live bank payouts need the bank's code)$/,
    'Live bank payouts need the bank’s code.',
    'Les virements bancaires réels demandent le code de la banque.',
  ],
  [
    /^must be a payment reference.*$/,
    'Enter a payment reference (PAY- and 16 letters or digits).',
    'Saisissez une référence de paiement (PAY- et 16 lettres ou chiffres).',
  ],
  [/^must be a hex colour like (#[0-9A-Fa-f]{6})$/, 'Enter a colour like {1}.', 'Saisissez une couleur comme {1}.'],
  // Text that cannot be kept.
  [
    /^must not contain control, direction-changing or invisible characters$/,
    'Remove the hidden or special characters.',
    'Retirez les caractères cachés ou spéciaux.',
  ],
  [/^must not contain a web address$/, 'Remove the web address.', 'Retirez l’adresse web.'],
  [
    /^must not contain (spaces or control characters|backslashes)$/,
    'Remove the spaces and special characters.',
    'Retirez les espaces et caractères spéciaux.',
  ],
  [
    /^(contains a character that cannot be stored.*|contains characters that cannot be stored|has a key that contains a character that cannot be stored.*)$/,
    'Remove the unusual characters: some cannot be saved.',
    'Retirez les caractères inhabituels : certains ne peuvent pas être enregistrés.',
  ],
  // The shape of what was sent (a page sends it right; a hand-made request may not).
  [
    /^(unknown field|given more than once|must be an object|must be an object of string values|must be text|must be a string|is not valid percent-encoded UTF-8|Invalid input: expected \w+, received \w+|is set by the service on each checkout|cannot be changed after creation)$/,
    ...FORM,
  ],
];

/** The rule's sentence with what the API's message carried (`{1}`…) put back. */
function fill(template: string, found: RegExpExecArray): string {
  // A pattern with alternatives captures in one group or the other: `{1}` is the first one found.
  const groups = found.slice(1).filter((g) => g !== undefined);
  return template.replace(/\{(\d)\}/g, (_, n: string) => groups[Number(n) - 1] ?? '');
}

/** The API's field message in the shop owner's words and language; one no rule knows stays as the API wrote it. */
export function fieldMessage(locale: PeopleLocale, message: string): string {
  for (const [pattern, en, fr] of RULES) {
    const found = pattern.exec(message);
    if (found) return fill(locale === 'fr' ? fr : en, found);
  }
  return message;
}

/** Whether a rule knows the message (the tests hold every message the API can give to one). */
export const knowsFieldMessage = (message: string) => RULES.some(([pattern]) => pattern.test(message));
