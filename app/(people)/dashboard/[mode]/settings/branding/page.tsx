import type { Metadata } from 'next';
import { loadBrandingParts } from '@/lib/merchants/branding/branding';
import { previewCurrencies } from '@/lib/collections/hosted-page/preview';
import { BRANDING_COPY } from '@/lib/surfaces/dashboard/copy/branding';
import { updateBrandingAction } from '@/lib/surfaces/dashboard/actions/branding';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { pageLocale } from '../../../../frame';
import { memberOf, shellWords } from '../../member';
import { BrandingEditor } from './branding-editor';
import { languageChoices } from '@/lib/platform/i18n/locale';

export const metadata: Metadata = { title: 'Branding' };

/** The hosted page's look: the form on the left, the real page with a sample payment beside it. */
export default async function BrandingPage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const { branding, logoWebAddress, uploadedLogo } = await loadBrandingParts(ctx.db, ctx.merchant.id);
  return (
    <BrandingEditor
      mode={ctx.mode}
      locale={locale}
      words={BRANDING_COPY[locale]}
      shell={await shellWords()}
      saved={branding}
      logo={{ webAddress: logoWebAddress, uploaded: uploadedLogo }}
      merchantName={ctx.merchant.name}
      currencies={[...previewCurrencies(ctx.merchant.kybStatus)]}
      languages={languageChoices()}
      mayEdit={allows(ctx.role, updateBrandingAction.allowed)}
    />
  );
}
