'use client';

import { useTranslations } from 'next-intl';

import { Notice } from '@/components/ui/notice';

import { DeliveryDayPicker } from './delivery-day-picker';
import type { ReceivingDays } from './use-receiving-days';

/**
 * Under the address: 'no delivery to this CEP', 'the days could not be asked', or the day
 * picker (the days of the quote, an earlier one disabled while the new one is asked).
 */
export function ReceivingDaysSection({ days, pickup }: { days: ReceivingDays; pickup: boolean }) {
  const t = useTranslations('Checkout');
  const { outsideArea, quoteState, daysQuote, daysPending, deliveryDate, chooseDay } = days;
  if (outsideArea) {
    return (
      <Notice tone="error" role="alert" data-testid="delivery-outside">
        {t('deliveryOutside')}
      </Notice>
    );
  }
  if (quoteState.status === 'error') return <Notice tone="error">{t('quoteUnavailable')}</Notice>;
  if (!daysQuote?.configured) return null;
  return (
    <DeliveryDayPicker
      pickup={pickup}
      days={daysQuote.days}
      value={daysPending ? null : deliveryDate}
      onChange={chooseDay}
      busy={daysPending}
    />
  );
}
