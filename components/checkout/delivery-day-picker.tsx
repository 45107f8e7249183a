'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';

import { cardClass, cardTitleClass } from '@/components/ui/card';
import { formatDeliveryDay } from '@/lib/delivery/table';

type Props = {
  pickup: boolean;
  days: readonly { day: string; full: boolean }[];
  /** The chosen day (the first open one unless the shopper chose another). */
  value: string | null;
  onChange: (day: string) => void;
  /** The days of an earlier quote, shown disabled while the new ones are asked. */
  busy?: boolean;
};

/** The delivery or pick-up day, from the days the shop offers; full days are shown, disabled. */
export function DeliveryDayPicker({ pickup, days, value, onChange, busy = false }: Props) {
  const t = useTranslations('Checkout');
  const errors = useTranslations('CheckoutErrors');
  const locale = useLocale();
  const id = useId();
  return (
    // Focusable by script: 'Confirmar pedido' with no open day brings the shopper here.
    <fieldset
      className={`${cardClass} flex flex-col gap-3 disabled:opacity-60`}
      data-testid="delivery-days"
      tabIndex={-1}
      aria-describedby={`${id}-hint`}
      disabled={busy}
      aria-busy={busy}
    >
      <legend className={`${cardTitleClass} float-left mb-1 w-full`}>
        {pickup ? t('pickupDayTitle') : t('deliveryDayTitle')}
      </legend>
      <p id={`${id}-hint`} className="text-sm text-cacao-600 dark:text-cacao-300">
        {days.some((day) => !day.full) ? t('dayHint') : errors('deliveryNoDays')}
      </p>
      {/* Two to a row on a phone, so a day ('qua., 2 de dez.') is never broken over lines. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-describedby={`${id}-hint`}>
        {days.map(({ day, full }) => {
          const label = formatDeliveryDay(day, locale);
          return (
            <label
              key={day}
              data-day={day}
              data-full={full || undefined}
              className={`flex items-center justify-center gap-2 rounded-xl border p-2 text-center text-sm whitespace-nowrap ${
                full
                  ? 'cursor-not-allowed border-cacao-200 text-cacao-400 line-through dark:border-cacao-800 dark:text-cacao-500'
                  : 'cursor-pointer border-cacao-300 has-checked:border-cacao-700 has-checked:bg-cacao-100 has-checked:font-semibold has-focus-visible:ring-2 has-focus-visible:ring-gold-400 dark:border-cacao-700 dark:has-checked:border-gold-400 dark:has-checked:bg-cacao-800'
              }`}
            >
              <input
                type="radio"
                name={`${id}-day`}
                value={day}
                checked={value === day}
                disabled={full}
                onChange={() => onChange(day)}
                aria-label={full ? t('dayFullLabel', { day: label }) : label}
                className="sr-only"
              />
              <span aria-hidden="true">{label}</span>
              {full ? <span className="sr-only">{t('dayFull')}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
