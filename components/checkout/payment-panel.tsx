'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Notice, noticeClass } from '@/components/ui/notice';
import { useRouter } from '@/lib/i18n/navigation';
import { retryPayment } from '@/lib/orders/actions';
import { CHECKOUT_ERROR_MESSAGE_KEYS, type RetryPaymentResult } from '@/lib/orders/checkout-result';
import type { BrickRequest } from './payment-brick';

// The Mercado Pago SDK is loaded only here, when an order is paid online.
const PaymentBrick = dynamic(
  () => import('./payment-brick').then((module) => module.PaymentBrick),
  { ssr: false },
);

type RetryError = Extract<RetryPaymentResult, { ok: false }>['error'];
type RetryErrorKey = (typeof CHECKOUT_ERROR_MESSAGE_KEYS)[RetryError];

type Props = {
  orderID: string;
  publicKey: string;
  /** The order's current preference (null when creating it failed). */
  preferenceId: string | null;
  /** Set when Mercado Pago sent the shopper back here (back_urls ?payment_id=...). */
  paymentId: string | null;
  /** Whether a fresh preference may be made (the order is unpaid and not cancelled). */
  canRetry: boolean;
  whatsappHref: string;
};

/**
 * Online payment of a placed order: the Wallet brick for its preference, or the Status Screen for
 * the payment Mercado Pago sent back; 'Gerar novo pagamento' for an expired or failed one.
 */
export function PaymentPanel({
  orderID,
  publicKey,
  preferenceId: initialPreferenceId,
  paymentId,
  canRetry,
  whatsappHref,
}: Props) {
  const t = useTranslations('OrderConfirmation');
  const tErrors = useTranslations('CheckoutErrors');
  const locale = useLocale();
  const router = useRouter();
  const [preferenceId, setPreferenceId] = useState(initialPreferenceId);
  const [showStatus, setShowStatus] = useState(paymentId !== null);
  const [retryResult, setRetryResult] = useState<
    { ok: true } | { ok: false; key: RetryErrorKey } | null
  >(null);
  const [retrying, startRetry] = useTransition();

  const brick: BrickRequest | null =
    showStatus && paymentId
      ? { kind: 'statusScreen', paymentId }
      : preferenceId
        ? { kind: 'wallet', preferenceId }
        : null;

  const fallback = (
    <div role="alert" className={noticeClass('error', 'md', 'flex flex-col items-start gap-3')}>
      <p>{t('sdkFailed')}</p>
      <div className="flex flex-wrap gap-3">
        <a
          href={whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('whatsappLabel', { orderID })}
          className={buttonClass({ variant: 'whatsapp', className: 'self-start' })}
        >
          {t('whatsapp', { orderID })}
        </a>
        {/* The SDK remembers a failed load until the page is loaded again. */}
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </div>
    </div>
  );

  const retry = () =>
    startRetry(async () => {
      setRetryResult(null);
      try {
        const result = await retryPayment(orderID);
        if (result.ok) {
          setPreferenceId(result.payment.preferenceId);
          setShowStatus(false);
          setRetryResult({ ok: true });
          router.refresh();
        } else {
          setRetryResult({ ok: false, key: CHECKOUT_ERROR_MESSAGE_KEYS[result.error] });
        }
      } catch (cause) {
        console.error('Creating a new payment failed:', cause);
        setRetryResult({ ok: false, key: 'serverError' });
      }
    });

  return (
    <div className="flex flex-col gap-4" data-testid="payment-panel">
      {brick ? (
        <>
          <p>{brick.kind === 'wallet' ? t('walletIntro') : t('statusIntro')}</p>
          <PaymentBrick
            key={brick.kind === 'wallet' ? brick.preferenceId : brick.paymentId}
            publicKey={publicKey}
            locale={locale}
            brick={brick}
            loadingLabel={t('loading')}
            fallback={fallback}
          />
        </>
      ) : (
        <Notice tone="error" role="alert">
          {tErrors('paymentError')}
        </Notice>
      )}
      {canRetry ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-cacao-700 dark:text-cacao-200">{t('retryIntro')}</p>
          <Button variant="secondary" onClick={retry} disabled={retrying}>
            {retrying ? t('retrying') : t('retry')}
          </Button>
          <div role="status" className="empty:hidden">
            {retryResult?.ok ? t('retried') : null}
          </div>
          {retryResult && !retryResult.ok ? (
            <Notice tone="error" role="alert">
              {tErrors(retryResult.key)}
            </Notice>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
