'use client';

import { useLocale, useTranslations } from 'next-intl';
import {
  lazy,
  Suspense,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  type ComponentProps,
} from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Notice, noticeClass } from '@/components/ui/notice';
import { usePollWhileVisible } from '@/lib/hooks/use-poll-while-visible';
import { useRouter } from '@/lib/i18n/navigation';
import { retryPayment } from '@/lib/orders/actions';
import type { CHECKOUT_ERROR_MESSAGE_KEYS, RetryPaymentResult } from '@/lib/orders/checkout-result';
import type { OrderStatusSnapshot } from '@/lib/orders/live';
import type { OrderStatusKey } from '@/lib/orders/types';
import type { BrickRequest, CardSubmission } from './payment-brick';
import type { CardOutcome } from './card-payment';

type BrickProps = ComponentProps<typeof import('./payment-brick').PaymentBrick>;

// The Mercado Pago SDK is loaded only here, when an order is paid online; React's lazy rather than
// next/dynamic, whose loader code would be in the page's first load. A chunk that cannot load
// shows the brick's own fallback (WhatsApp, reload).
const PaymentBrick = lazy(() =>
  import('./payment-brick').then(
    (module) => ({ default: module.PaymentBrick }),
    (error: unknown) => {
      console.warn('[payment] code not loaded:', error);
      return { default: ({ fallback }: BrickProps) => <>{fallback}</> };
    },
  ),
);

// Pix is shown only once chosen: its code is fetched at the first sign of that choice (pointer
// over, focus, tap on 'Pix'), and the panel says 'loading' until it has come.
const loadPixPanel = () => import('./pix-panel');
const preloadPixPanel = () => void loadPixPanel();
const PixPanel = lazy(() =>
  loadPixPanel().then(
    (module) => ({ default: module.PixPanel }),
    (error: unknown) => {
      console.warn('[pix] code not loaded:', error);
      return { default: PixCodeFailed };
    },
  ),
);

function PixCodeFailed() {
  const t = useTranslations('OrderConfirmation');
  return (
    <div role="alert" className={noticeClass('error', 'md', 'flex flex-col items-start gap-3')}>
      <p>{t('sdkFailed')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}

const noSubscription = () => () => {};

/** False on the server and while hydrating, true after: the SDK's brick runs in the browser only. */
function useMounted() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

type RetryError = Extract<RetryPaymentResult, { ok: false }>['error'];
type RetryErrorKey = (typeof CHECKOUT_ERROR_MESSAGE_KEYS)[RetryError];

/** The ways to pay on the page: Pix and card here, or Mercado Pago's own checkout (Wallet). */
const METHODS = ['pix', 'card', 'wallet'] as const;
type Method = (typeof METHODS)[number];

/**
 * Refreshes the page's server part when the order's status moves (a payment confirmed by the
 * webhook, the order expiring): polls /api/orders/changes while the page is visible, as the
 * shopper's orders list does (components/user/orders-list.tsx).
 */
function useRefreshOnStatusChange(orderId: string, shown: OrderStatusKey, enabled: boolean) {
  const router = useRouter();
  // The server's count of changes to this shopper's orders at the last comparison.
  const seenMarker = useRef<number | null>(null);
  usePollWhileVisible(async (signal) => {
    const query = seenMarker.current === null ? '' : `?seen=${seenMarker.current}`;
    const response = await fetch(`/api/orders/changes${query}`, { cache: 'no-store', signal });
    if (!response.ok) return;
    const body = (await response.json()) as {
      orders?: OrderStatusSnapshot[];
      unchanged?: boolean;
      marker?: number;
    };
    if (body.unchanged || !body.orders) return;
    seenMarker.current = typeof body.marker === 'number' ? body.marker : null;
    // Only open orders are listed: one missing here was paid into production, or closed.
    const now = body.orders.find((order) => order.orderId === orderId)?.status ?? null;
    // The poll sees the latest render's `shown` (usePollWhileVisible keeps the newest callback).
    if (now !== shown) router.refresh();
  }, enabled);
}

type Props = {
  orderId: string;
  publicKey: string;
  /** The order's current preference (null when creating it failed). */
  preferenceId: string | null;
  /** Set when Mercado Pago sent the shopper back here (back_urls ?payment_id=...). */
  paymentId: string | null;
  /** Whether a fresh preference may be made (the order is unpaid and not cancelled). */
  canRetry: boolean;
  /**
   * A payment was tried and did not conclude (the order's payment is no longer 'pending'): only
   * then, or after a try on this page, does the panel ask 'did the payment not go through?'.
   */
  attempted?: boolean;
  whatsappHref: string;
  /** What the card brick charges (lib/orders/online-payment.ts), in centavos. */
  amount: number;
  /** The order's status as the page shows it: the panel refreshes the page when it moves. */
  statusKey: OrderStatusKey;
  /**
   * The viewer is the order's shopper: Pix and card are theirs to use (the route refuses anyone
   * else), and only their orders' changes are what /api/orders/changes reports.
   */
  ownedByViewer: boolean;
  /** The last payment was declined (lib/orders/payment-update.ts): another card or Pix may follow. */
  declined: boolean;
};

/**
 * Online payment of a placed order, three ways: Pix on the page (QR code and copy-and-paste
 * code), a card through the Card Payment Brick, or the Wallet brick for its preference (Mercado
 * Pago's own checkout); or the Status Screen for the payment Mercado Pago sent back. 'Gerar novo
 * pagamento' for an expired or failed one. The page turns to 'Pago' by itself when the payment is
 * confirmed.
 */
export function PaymentPanel({
  orderId,
  publicKey,
  preferenceId: initialPreferenceId,
  paymentId,
  canRetry,
  attempted = false,
  whatsappHref,
  amount,
  statusKey,
  ownedByViewer,
  declined,
}: Props) {
  const t = useTranslations('OrderConfirmation');
  const legendId = useId();
  const [method, setMethod] = useState<Method | null>(null);
  // Bumped by 'Gerar novo pagamento': the Pix panel asks again (a new deadline, a new code).
  const [attempt, setAttempt] = useState(0);
  const [cardOutcome, setCardOutcome] = useState<CardOutcome | null>(null);
  useRefreshOnStatusChange(orderId, statusKey, ownedByViewer);
  const methods: readonly Method[] = ownedByViewer ? METHODS : ['wallet'];
  const tErrors = useTranslations('CheckoutErrors');
  const locale = useLocale();
  const router = useRouter();
  const [preferenceId, setPreferenceId] = useState(initialPreferenceId);
  const [showStatus, setShowStatus] = useState(paymentId !== null);
  const [retryResult, setRetryResult] = useState<
    { ok: true } | { ok: false; key: RetryErrorKey } | null
  >(null);
  const [retrying, startRetry] = useTransition();
  const mounted = useMounted();

  const brick: BrickRequest | null =
    showStatus && paymentId
      ? { kind: 'statusScreen', paymentId }
      : method === 'card'
        ? { kind: 'card', amount }
        : method === 'wallet' && preferenceId
          ? { kind: 'wallet', preferenceId }
          : null;

  const submitCard = async (card: CardSubmission) => {
    setCardOutcome(null);
    // Needed only once a card is submitted: not in the page's first load.
    const { payByCard } = await import('./card-payment');
    const outcome = await payByCard(orderId, card);
    if (!outcome) return;
    setCardOutcome(outcome);
    // The order moved (paid, or a refusal recorded): the page's server part says so.
    if (typeof outcome === 'string') router.refresh();
  };

  const fallback = (
    <div role="alert" className={noticeClass('error', 'md', 'flex flex-col items-start gap-3')}>
      <p>{t('sdkFailed')}</p>
      <div className="flex flex-wrap gap-3">
        <a
          href={whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('whatsappLabel', { orderId })}
          className={buttonClass({ variant: 'whatsapp', className: 'self-start' })}
        >
          {t('whatsapp', { orderId })}
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
        const result = await retryPayment(orderId);
        if (result.ok) {
          setPreferenceId(result.payment.preferenceId);
          setShowStatus(false);
          setAttempt((value) => value + 1);
          setRetryResult({ ok: true });
          router.refresh();
        } else {
          const { CHECKOUT_ERROR_MESSAGE_KEYS } = await import('@/lib/orders/checkout-result');
          setRetryResult({ ok: false, key: CHECKOUT_ERROR_MESSAGE_KEYS[result.error] });
        }
      } catch (cause) {
        console.error('Creating a new payment failed:', cause);
        setRetryResult({ ok: false, key: 'serverError' });
      }
    });

  const intro =
    brick?.kind === 'statusScreen'
      ? t('statusIntro')
      : brick?.kind === 'card'
        ? t('cardIntro')
        : brick?.kind === 'wallet'
          ? t('walletIntro')
          : null;

  return (
    <div className="flex flex-col gap-4" data-testid="payment-panel">
      {showStatus && paymentId ? null : (
        <div role="radiogroup" aria-labelledby={legendId} className="flex flex-col gap-2">
          <p id={legendId} className="font-semibold">
            {t('methodLegend')}
          </p>
          {/* One line each ('Cartão de crédito' is never broken): side by side where they fit,
              the next row otherwise. */}
          <div className="flex flex-wrap gap-2">
            {methods.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={method === option}
                onClick={() => setMethod(option)}
                onPointerEnter={option === 'pix' ? preloadPixPanel : undefined}
                onFocus={option === 'pix' ? preloadPixPanel : undefined}
                className={buttonClass({
                  variant: method === option ? 'primary' : 'secondary',
                  size: 'sm',
                  className:
                    'min-h-11 grow text-center whitespace-nowrap sm:min-w-32 sm:grow-0 sm:px-5 sm:text-base',
                })}
              >
                {t(`methods.${option}`)}
              </button>
            ))}
          </div>
        </div>
      )}
      {declined && !(cardOutcome && method === 'card') ? (
        <Notice tone="error" role="alert" data-testid="payment-declined">
          {t('declined')}
        </Notice>
      ) : null}
      {method === 'pix' && !(showStatus && paymentId) ? (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <PixPanel key={attempt} orderId={orderId} />
        </Suspense>
      ) : null}
      {cardOutcome && method === 'card' ? (
        <Notice
          tone={
            cardOutcome === 'cardApproved'
              ? 'success'
              : cardOutcome === 'cardWaiting' ||
                  cardOutcome === 'cardRefunded' ||
                  (typeof cardOutcome === 'object' && cardOutcome.error === 'inProgress')
                ? 'info'
                : 'error'
          }
          role="alert"
          data-testid="card-outcome"
        >
          {typeof cardOutcome === 'string'
            ? t(cardOutcome)
            : t(`payErrors.${cardOutcome.error}`, {
                seconds: cardOutcome.seconds,
              })}
        </Notice>
      ) : null}
      {brick ? (
        <>
          <p>{intro}</p>
          {mounted ? (
            <Suspense
              fallback={
                <p role="status" className="text-cacao-700 dark:text-cacao-200">
                  {t('loading')}
                </p>
              }
            >
              <PaymentBrick
                key={
                  brick.kind === 'wallet'
                    ? brick.preferenceId
                    : brick.kind === 'statusScreen'
                      ? brick.paymentId
                      : 'card'
                }
                publicKey={publicKey}
                locale={locale}
                brick={brick}
                loadingLabel={t('loading')}
                fallback={fallback}
                onCardSubmit={submitCard}
              />
            </Suspense>
          ) : null}
        </>
      ) : method === 'wallet' ? (
        <Notice tone="error" role="alert">
          {tErrors('paymentError')}
        </Notice>
      ) : null}
      {canRetry &&
      (attempted ||
        declined ||
        paymentId !== null ||
        attempt > 0 ||
        (cardOutcome !== null && cardOutcome !== 'cardApproved')) ? (
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
