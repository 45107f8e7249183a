'use client';

import { useActionState, useState } from 'react';
import { changeOrderStatus, type PanelActionResult } from '@/lib/control-panel/actions';
import type { AppLocale } from '@/lib/i18n/locales';
import type { OrderStatusKey } from '@/lib/orders/status';
import { ActionResult } from './action-result';
import { buttonClass } from '@/components/ui/button';

type Props = {
  locale: AppLocale;
  orderID: string;
  /** The status the page shows; the server refuses the change if the order moved on. */
  from: OrderStatusKey;
  /** The allowed next statuses (lib/orders/transitions.ts), with their button texts. */
  options: { to: OrderStatusKey; label: string }[];
  labels: {
    group: string;
    final: string;
    cancel: string;
    cancelWarning: string;
    confirmCancel: string;
    keep: string;
    saving: string;
  };
};

/**
 * The next-status buttons of one order. Cancelling asks for a second click. The server re-checks
 * the admin and the transition, and its answer is shown here.
 */
export function StatusEditor({ locale, orderID, from, options, labels }: Props) {
  const [result, formAction, pending] = useActionState<PanelActionResult | null, FormData>(
    changeOrderStatus,
    null,
  );
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // A new answer closes the cancel confirmation (adjusting state while rendering, not in an effect).
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    setConfirmingCancel(false);
  }
  const forward = options.filter((option) => option.to !== 'cancelled');
  const canCancel = options.some((option) => option.to === 'cancelled');

  return (
    <div className="flex flex-col gap-2">
      {options.length === 0 ? (
        <p className="text-sm text-cacao-600 dark:text-cacao-300">{labels.final}</p>
      ) : (
        <form
          action={formAction}
          aria-label={labels.group}
          className="flex flex-wrap items-center gap-2"
        >
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="orderID" value={orderID} />
          <input type="hidden" name="from" value={from} />
          {forward.map((option) => (
            <button
              key={option.to}
              type="submit"
              name="to"
              value={option.to}
              disabled={pending}
              className={buttonClass({ size: 'sm' })}
            >
              {option.label}
            </button>
          ))}
          {canCancel && !confirmingCancel ? (
            <button
              type="button"
              disabled={pending}
              onClick={() => setConfirmingCancel(true)}
              className={buttonClass({ variant: 'danger', size: 'sm' })}
            >
              {labels.cancel}
            </button>
          ) : null}
          {canCancel && confirmingCancel ? (
            <span role="group" aria-label={labels.cancelWarning} className="flex flex-wrap gap-2">
              <span className="w-full text-sm font-medium text-red-800 dark:text-red-200">
                {labels.cancelWarning}
              </span>
              <button
                type="submit"
                name="to"
                value="cancelled"
                disabled={pending}
                className={buttonClass({ variant: 'danger', size: 'sm' })}
              >
                {labels.confirmCancel}
              </button>
              <button
                type="button"
                onClick={() => setConfirmingCancel(false)}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                {labels.keep}
              </button>
            </span>
          ) : null}
        </form>
      )}
      <div aria-live="polite">
        {pending ? <p className="text-sm">{labels.saving}</p> : null}
        {!pending && result ? <ActionResult result={result} /> : null}
      </div>
    </div>
  );
}
