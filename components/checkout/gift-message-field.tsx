'use client';

import { useTranslations } from 'next-intl';

import { cardClass, cardTitleClass } from '@/components/ui/card';
import { GIFT_MESSAGE_MAX_LENGTH } from '@/lib/orders/limits';

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The localized problem (a message over the limit), once shown. */
  error: string | undefined;
};

/**
 * The checkout's optional gift card message, with a live count of its characters. Nothing is cut:
 * a message over the limit (typed or pasted) stays whole for the shopper to shorten, and the field
 * says so at once; the form and the server refuse it (lib/orders/checkout-form.ts,
 * checkout-schema.ts). Only the shop sees the message.
 */
export function GiftMessageField({ id, value, onChange, onBlur, error }: Props) {
  const t = useTranslations('Checkout');
  const count = value.trim().length;
  const over = count > GIFT_MESSAGE_MAX_LENGTH;
  // Said as soon as the message is too long, before the form's own check on leaving the field.
  const shown =
    error ?? (over ? t('giftMessageOver', { count, max: GIFT_MESSAGE_MAX_LENGTH }) : undefined);
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <fieldset className={`${cardClass} flex flex-col gap-2`}>
      <legend className={`${cardTitleClass} float-left mb-1 w-full`}>{t('giftTitle')}</legend>
      <label htmlFor={id} className="font-medium">
        {t('giftMessage')}
      </label>
      <textarea
        id={id}
        name={id}
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[hintId, countId, shown ? errorId : null].filter(Boolean).join(' ')}
        className={`w-full resize-y rounded-xl border bg-white px-3 py-2 text-cacao-950 dark:bg-cacao-900 dark:text-cacao-50 ${
          shown ? 'border-red-600 dark:border-red-400' : 'border-cacao-400 dark:border-cacao-500'
        }`}
      />
      {/* On a phone the count sits under the hint, to the right; side by side from sm up. */}
      <div className="flex flex-col gap-1 text-sm text-cacao-600 sm:flex-row sm:items-start sm:justify-between sm:gap-4 dark:text-cacao-300">
        <p id={hintId} className="min-w-0 sm:flex-1">
          {t('giftMessageHint')}
        </p>
        <p
          id={countId}
          data-testid="gift-message-count"
          className={`shrink-0 self-end tabular-nums sm:self-auto ${over ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}
        >
          {t('giftMessageCount', { count, max: GIFT_MESSAGE_MAX_LENGTH })}
        </p>
      </div>
      {shown ? (
        <p
          id={errorId}
          role="alert"
          data-testid="gift-message-error"
          className="text-sm font-medium text-red-700 dark:text-red-300"
        >
          {shown}
        </p>
      ) : null}
    </fieldset>
  );
}
