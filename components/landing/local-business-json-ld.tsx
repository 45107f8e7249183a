import { getLocale, getTranslations } from 'next-intl/server';

import { localBusinessJsonLd } from '@/lib/share/local-business';
import { SITE_URL } from '@/lib/site';

/** The shop as a schema.org Store (address, phone, opening hours) for search engines. */
export async function LocalBusinessJsonLd() {
  const locale = await getLocale();
  const t = await getTranslations('Metadata');
  const data = localBusinessJsonLd({
    url: `${SITE_URL}/${locale}`,
    image: `${SITE_URL}/${locale}/opengraph-image`,
    description: t('description'),
  });
  return (
    <script
      type="application/ld+json"
      // Escape '<' so no text can close the script element.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
