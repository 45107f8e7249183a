'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { buttonClass } from '@/components/ui/button';
import { noticeClass } from '@/components/ui/notice';
import type { CancelOrderResult } from '@/lib/orders/cancel-order';

/** The message key under "Orders.cancelErrors" for a refused cancellation. */
function cancelErrorKey(result: Exclude<CancelOrderResult, { ok: true }>) {
  switch (result.error) {
    case 'not-open':
      return 'notOpen';
    case 'not-found':
      return 'notFound';
    case 'unauthenticated':
      return 'unauthenticated';
    case 'temporarily-unavailable':
      return 'unavailable';
    default:
      return 'failed';
  }
}

type Props = {
  orderId: string;
  /** Larger buttons on the order's own page; the list's are small. */
  size?: 'xs' | 'md';
  /**
   * Called once the order is cancelled or found no longer open: the order's page
   * (components/checkout/order-page-cancel.tsx) reads itself again, as it is drawn on the server.
   */
  onSettled?: () => void;
};

/**
 * Cancels an open order after a confirm step (POST /api/orders/cancel), from 'Meus pedidos'
 * (components/user/orders-list.tsx) and from the order's page. On an answer it flags
 * ordersNeedUpdate, so a list of the orders reads them again, and calls `onSettled`: either way
 * the order shows where it is now.
 */
export function CancelOrder({ orderId, size = 'xs', onSettled }: Props) {
  const t = useTranslations('Orders');
  const userStore = useUserStoreApi();
  const [step, setStep] = useState<'idle' | 'confirm' | 'sending'>('idle');
  const [error, setError] = useState<string | null>(null);
  const questionId = useId();

  const confirm = async () => {
    setStep('sending');
    setError(null);
    let result: CancelOrderResult;
    try {
      // Needed only once confirmed: not in the first load of the pages that show the button.
      const { requestOrderCancel } = await import('@/lib/orders/client');
      result = await requestOrderCancel(orderId);
    } catch (cause) {
      console.error('Cancelling the order failed:', cause);
      result = { ok: false, error: 'temporarily-unavailable' };
    }
    if (!result.ok) setError(t(`cancelErrors.${cancelErrorKey(result)}`));
    setStep('idle');
    // Cancelled, or it moved on meanwhile: either way the order is shown where it is now.
    if (result.ok || result.error === 'not-open') {
      userStore.getState().setOrdersNeedUpdate(true);
      onSettled?.();
    }
  };

  return (
    <>
      {step === 'idle' ? (
        <button
          type="button"
          onClick={() => setStep('confirm')}
          aria-label={t('cancelLabel', { orderId })}
          className={buttonClass({ variant: 'secondary', size })}
        >
          {t('cancel')}
        </button>
      ) : (
        <div
          role="group"
          aria-labelledby={questionId}
          className="flex flex-wrap items-center gap-2"
        >
          <p id={questionId} className={size === 'xs' ? 'text-sm' : undefined}>
            {t('cancelQuestion', { orderId })}
          </p>
          <button
            type="button"
            onClick={confirm}
            disabled={step === 'sending'}
            className={buttonClass({ variant: 'primary', size })}
          >
            {step === 'sending' ? t('cancelling') : t('cancelConfirm')}
          </button>
          <button
            type="button"
            onClick={() => setStep('idle')}
            disabled={step === 'sending'}
            className={buttonClass({ variant: 'secondary', size })}
          >
            {t('cancelKeep')}
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className={noticeClass('error', 'sm')}>
          {error}
        </p>
      ) : null}
    </>
  );
}
