'use client';

import { useTranslations } from 'next-intl';

import { Price } from '@/components/ui/price';
import { formatDeliveryDay } from '@/lib/delivery/table';
import type { DeliveryQuoteAnswer } from '@/lib/delivery/types';
import { formatShopAddress } from '@/lib/shop';

/**
 * What a quote says: the fee and the first delivery day, or that the CEP is outside every region
 * (with the shop's address for a pick-up). Loaded with the quote (shipping-estimate.tsx): the
 * shop's address and the day's formatting are not in the product page's first load.
 */
export default function ShippingEstimateResult({
  quote,
  locale,
}: {
  quote: DeliveryQuoteAnswer;
  locale: string;
}) {
  const t = useTranslations('ShippingEstimate');
  if (!quote.configured) return <p>{t('atCheckout')}</p>;
  if (quote.outside) {
    return (
      <>
        <p className="font-semibold">{t('outside')}</p>
        <p>{t('pickup', { address: formatShopAddress() })}</p>
      </>
    );
  }
  const first = quote.days.find((day) => !day.full)?.day;
  return (
    <>
      <p data-testid="frete-fee">
        {quote.fee === 0 ? (
          t('free')
        ) : (
          <>
            {t('fee')} <Price amount={quote.fee} className="font-semibold" />
          </>
        )}
      </p>
      <p data-testid="frete-day">
        {first ? t('firstDay', { day: formatDeliveryDay(first, locale, true) }) : t('noDays')}
      </p>
    </>
  );
}
