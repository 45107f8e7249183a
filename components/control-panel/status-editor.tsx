'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useState } from 'react';
import { changeOrderStatus, type StatusChangeResult } from '@/lib/control-panel/actions';
import type { AppLocale } from '@/lib/i18n/locales';
import { allowedTransitions } from '@/lib/orders/transitions';
import type { ShippingOption } from '@/lib/orders/types';
import { ActionResult } from './action-result';
import { useOrderStatus } from './order-status';
import { formatOrderDate } from '@/lib/orders/format';
import { buttonClass } from '@/components/ui/button';

type Props = {
  locale: AppLocale;
  orderId: string;
  shippingOption: ShippingOption;
};

/**
 * The next-status buttons of one order: the moves the transition table allows from the status the
 * card shows (lib/orders/transitions.ts). Cancelling asks for a second click. The server re-checks
 * the admin and the transition; its answer is shown here and moves the card's status (held by
 * ./order-status.tsx for the badge and the last change).
 */
export function StatusEditor({ locale, orderId, shippingOption }: Props) {
  const t = useTranslations('ControlPanel.statusEditor');
  const statusLabel = useTranslations('OrderStatus');
  const { state, applyAnswer } = useOrderStatus();
  // The answer moves the whole card in the same transition as these buttons.
  const [result, formAction, pending] = useActionState<StatusChangeResult | null, FormData>(
    async (previous, form) => {
      const answer = await changeOrderStatus(previous, form);
      applyAnswer(answer);
      return answer;
    },
    null,
  );
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // A new answer closes the cancel confirmation (adjusting state while rendering, not in an effect).
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    setConfirmingCancel(false);
  }
  const options = allowedTransitions(state.status, shippingOption);
  const forward = options.filter((to) => to !== 'cancelled');
  const canCancel = options.includes('cancelled');

  return (
    <div className="flex flex-col gap-2">
      {options.length === 0 ? (
        <p className="text-sm text-cacao-600 dark:text-cacao-300">{t('final')}</p>
      ) : (
        <form
          action={formAction}
          aria-label={t('label', { orderId })}
          className="flex flex-wrap items-center gap-2"
        >
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="from" value={state.status} />
          {forward.map((to) => (
            <button
              key={to}
              type="submit"
              name="to"
              value={to}
              disabled={pending}
              className={buttonClass({ size: 'sm' })}
            >
              {t('moveTo', { status: statusLabel(to) })}
            </button>
          ))}
          {canCancel && !confirmingCancel ? (
            <button
              type="button"
              disabled={pending}
              onClick={() => setConfirmingCancel(true)}
              className={buttonClass({ variant: 'danger', size: 'sm' })}
            >
              {t('cancel')}
            </button>
          ) : null}
          {canCancel && confirmingCancel ? (
            <span
              role="group"
              aria-label={t('cancelWarning', { orderId })}
              className="flex flex-wrap gap-2"
            >
              <span className="w-full text-sm font-medium text-red-800 dark:text-red-200">
                {t('cancelWarning', { orderId })}
              </span>
              <button
                type="submit"
                name="to"
                value="cancelled"
                disabled={pending}
                className={buttonClass({ variant: 'danger', size: 'sm' })}
              >
                {t('confirmCancel')}
              </button>
              <button
                type="button"
                onClick={() => setConfirmingCancel(false)}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                {t('keep')}
              </button>
            </span>
          ) : null}
        </form>
      )}
      <div aria-live="polite">
        {pending ? <p className="text-sm">{t('saving')}</p> : null}
        {!pending && result ? <ActionResult result={result} /> : null}
      </div>
    </div>
  );
}

/** Who made the last status change, from what to what, and when. */
export function OrderLastChange({ locale }: { locale: AppLocale }) {
  const t = useTranslations('ControlPanel.orders');
  const status = useTranslations('OrderStatus');
  const { lastChange } = useOrderStatus().state;
  if (!lastChange) return null;
  return (
    <p className="mt-2 text-xs text-muted">
      {t('lastChange', {
        from: status(lastChange.from),
        to: status(lastChange.to),
        email: lastChange.byEmail,
        date: lastChange.at ? formatOrderDate(lastChange.at, locale) : '',
      })}
    </p>
  );
}

/** The order card's status controls: the next-status buttons and who made the last change. */
export function OrderStatusControls(props: Props) {
  return (
    <>
      <StatusEditor {...props} />
      <OrderLastChange locale={props.locale} />
    </>
  );
}
