import QRCode from 'qrcode';
import type { Db } from '../../../platform/db/client';
import type { Tenant } from '../../../platform/db/schema';
import { toMajorUnits } from '../../../platform/money/amount';
import { effectiveStatus } from '../../../checkout/present';
import { getPaymentLink } from '../../../checkout/links/manage';
import { checkoutsOfLink } from '../../../checkout/links/public';

/**
 * What a payment link's dashboard page shows: the link (as the API's get), its QR code drawn here
 * as SVG (no service on the network is asked), and its latest checkouts. Another merchant's or
 * mode's link is the get's 404.
 */
export async function paymentLinkPage(db: Db, tenant: Tenant, id: string) {
  const link = await getPaymentLink(db, tenant, id);
  const [qrSvg, rows] = await Promise.all([
    QRCode.toString(link.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    checkoutsOfLink(db, tenant, id),
  ]);
  const now = new Date();
  const payments = rows.map((row) => ({
    id: row.id,
    reference: row.paymentReference,
    amount: toMajorUnits(row.amount, row.currencyCode),
    currency: row.currencyCode,
    status: effectiveStatus(row, now),
    createdAt: row.createdAt,
    paidAt: row.paidAt,
  }));
  return { link, qrSvg, payments };
}
