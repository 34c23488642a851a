import {
  expect,
  expectAccessible,
  expectCheckoutStatus,
  chooseBankTransfer,
  french,
  merchantWithCheckout,
  openCheckout,
  sandboxTransfer,
  screen,
  snap,
  t,
  tFr,
  test,
  title,
} from './support';

/**
 * The customer's money, told as it is: too little (what is missing, send the difference with the
 * same reference, or be refunded), too much, twice (refunded), and a receipt worth keeping.
 */

test('a short transfer says what arrived and what is missing; sending the difference pays', async ({
  page,
}, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout({ amount: 100 });
  await openCheckout(page, checkout);
  await chooseBankTransfer(page);
  await page.getByRole('button', { name: t('bank_sent') }).click();
  await expect(title(page, t('waiting_title'))).toBeVisible();

  await sandboxTransfer(checkout.payment_reference, { amount: 90 });
  const short = page.getByTestId('short-transfer');
  await expect(short).toBeVisible({ timeout: 15_000 });
  await expect(short.getByRole('heading', { name: t('money_short_title') })).toBeVisible();
  // "We have received GHS 90.00 of GHS 100.00: GHS 10.00 is still missing." (code or symbol, as the browser formats it)
  await expect(short).toContainText(
    /received (GHS|GH₵)\s?90\.00 of (GHS|GH₵)\s?100\.00: (GHS|GH₵)\s?10\.00 is still missing/,
  );
  await expect(short).toContainText(checkout.payment_reference);
  // The same account, with what is still to send.
  await expect(short.getByText('Sandbox Bank')).toBeVisible();
  await expect(short.getByRole('button', { name: t('copy_label', { field: t('money_short_amount') }) })).toBeVisible();
  await expect(page.getByTestId('live-region')).toContainText(t('money_short_title'));
  await expectAccessible(page, testInfo, 'short transfer');
  await snap(page, testInfo, 'short-transfer-en');

  await sandboxTransfer(checkout.payment_reference, { amount: 10 });
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
  await expect(page.getByTestId('money-note')).toHaveCount(0);
});

test('en français : un virement incomplet dit ce qui manque', async ({ page }, testInfo) => {
  const { checkout } = await merchantWithCheckout({ amount: 12500, currency_code: 'NGN' });
  await openCheckout(page, checkout, '?locale=fr');
  // Bank transfer is NGN's only method: its details come at once.
  await expect(title(page, tFr('bank_title'))).toBeVisible();
  await page.getByRole('button', { name: tFr('bank_sent') }).click();
  await expect(title(page, tFr('waiting_title'))).toBeVisible();
  await sandboxTransfer(checkout.payment_reference, { amount: 12000 });
  const short = page.getByTestId('short-transfer');
  await expect(short.getByRole('heading', { name: tFr('money_short_title') })).toBeVisible({ timeout: 15_000 });
  await expect(short).toContainText(/12\s000,00.*12\s500,00.*500,00/);
  await expectAccessible(page, testInfo, 'short transfer (French)');
  await snap(page, testInfo, 'short-transfer-fr');
});

test('an over-payment says the extra is refunded; the receipt has the transaction id, zone, print and contact', async ({
  page,
}, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout({ amount: 40, description: 'Kente cloth' });
  await openCheckout(page, checkout);
  await chooseBankTransfer(page);
  await sandboxTransfer(checkout.payment_reference, { scenario: 'over' });

  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  const note = page.getByTestId('money-note');
  await expect(note).toContainText(
    /You sent (GHS|GH₵)\s?1\.00 more than the amount\. Kofi Foods will refund the extra/,
  );
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(t('receipt_transaction_id'));
  await expect(receipt).toContainText(/SBX-BT-/);
  await expect(receipt).toContainText(/41\.00/); // received
  await expect(receipt.locator('time')).toContainText(/UTC/);

  // Print or save: the browser's print, with the controls left out of the printed page.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: t('receipt_print') }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: t('receipt_print') })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // No success page and no merchant contact: the service's, with the reference.
  const contact = page.getByTestId('contact');
  await expect(contact).toContainText(
    t('contact_service', {
      service: 'Merchant Payments',
      merchant: 'Kofi Foods',
      reference: checkout.payment_reference,
    }),
  );
  await expect(contact.getByRole('link', { name: t('help_email', { email: 'help@payments.test' }) })).toHaveAttribute(
    'href',
    'mailto:help@payments.test',
  );
  await expect(contact.getByRole('link', { name: t('help_web') })).toHaveAttribute(
    'href',
    'https://payments.test/help',
  );
  await expectAccessible(page, testInfo, 'paid, over-payment');
  await snap(page, testInfo, 'paid-over-en');
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
});

test('money sent twice is kept and refunded; the merchant’s contact comes first', async ({ page }, testInfo) => {
  const { checkout } = await merchantWithCheckout(
    { amount: 15 },
    { branding: { support_email: 'help@kofi.test', support_phone: '+233 30 123 4567' } },
  );
  await openCheckout(page, checkout, '?locale=fr');
  await chooseBankTransfer(page, french);
  await sandboxTransfer(checkout.payment_reference, { scenario: 'duplicate' });
  await expect(title(page, tFr('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('money-note')).toContainText(/15,00.*remboursé/);
  const contact = page.getByTestId('contact');
  await expect(contact).toContainText(
    tFr('contact_merchant', { merchant: 'Kofi Foods', reference: checkout.payment_reference }),
  );
  await expect(contact.getByRole('link', { name: /help@kofi\.test/ })).toBeVisible();
  await expect(screen(page).getByText(/Merchant Payments/)).toHaveCount(0);
  await expectAccessible(page, testInfo, 'paid, duplicate (French)');
  await snap(page, testInfo, 'paid-duplicate-fr');
});
