import { decimalPrice } from '@/lib/catalogue/format';
import type { ClubPlan } from '@/lib/club/config';
import type { AppLocale } from '@/lib/i18n/routing';
import { SITE_URL } from '@/lib/site';

type Props = {
  locale: AppLocale;
  name: string;
  description: string;
  plans: ClubPlan[];
  faq: { question: string; answer: string }[];
};

/**
 * schema.org data for the club page, as the product pages have theirs (product-json-ld.tsx): the
 * club as a Product whose offers are the plans, each a recurring price (billingDuration in months),
 * and the questions and answers as an FAQPage.
 */
export function ClubJsonLd({ locale, name, description, plans, faq }: Props) {
  const url = `${SITE_URL}/${locale}/clube`;
  const data = [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      description,
      sku: 'clube',
      url,
      offers: plans.map((plan) => ({
        '@type': 'Offer',
        url,
        name: plan.name[locale],
        price: decimalPrice(plan.price),
        priceCurrency: 'BRL',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: decimalPrice(plan.price),
          priceCurrency: 'BRL',
          billingDuration: plan.everyMonths,
          unitCode: 'MON',
        },
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faq.map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    },
  ];
  return (
    <script
      type="application/ld+json"
      // Escaped '<' so no text can close the script element (as product-json-ld.tsx).
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
