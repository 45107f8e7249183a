'use client';

// The only module that imports the Mercado Pago SDK. The payment panel loads it with React's lazy,
// so its code reaches the browser on the order confirmation page only.
import { loadMercadoPago } from '@mercadopago/sdk-js';
import { CardPayment, initMercadoPago, StatusScreen, Wallet } from '@mercadopago/sdk-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { AppLocale } from '@/lib/i18n/locales';
import { reaisAmount } from '@/lib/catalogue/format';

/** How long MercadoPago.js may take before the page gives up and offers WhatsApp instead. */
export const SDK_LOAD_TIMEOUT_MS = 20_000;

const SDK_LOCALES = { 'pt-BR': 'pt-BR', en: 'en-US' } as const satisfies Record<AppLocale, string>;

export type BrickRequest =
  | { kind: 'wallet'; preferenceId: string }
  | { kind: 'statusScreen'; paymentId: string }
  /** The Card Payment Brick for `amount` (centavos): its token goes to `onCardSubmit`. */
  | { kind: 'card'; amount: number; payerEmail?: string };

/** What the card brick hands over: a one-use token and the choices made in its form. */
export type CardSubmission = {
  token: string;
  paymentMethodId: string;
  installments: number;
  issuerId?: string;
  identification?: { type: string; number: string };
};

type Props = {
  publicKey: string;
  locale: AppLocale;
  brick: BrickRequest;
  /** Shown while MercadoPago.js loads and the brick is being created. */
  loadingLabel: string;
  /** Shown instead of the brick when the SDK cannot load or the brick cannot be created. */
  fallback: ReactNode;
  /**
   * The card brick's submit: sends the token to the server (POST /api/orders/payment). The brick
   * shows its own spinner until this settles; a rejection makes it show its own error.
   */
  onCardSubmit?: (card: CardSubmission) => Promise<void>;
  timeoutMs?: number;
};

type Phase = 'loading' | 'creating' | 'ready' | 'failed';

/** A brick error as the SDK reports it (IBrickError), or an error thrown by its loader. */
function isMercadoPagoFailure(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  const { type, cause, message } = reason as Record<string, unknown>;
  if ((type === 'critical' || type === 'non_critical') && typeof cause === 'string') return true;
  return typeof message === 'string' && /mercado ?pago|brick/i.test(message);
}

/**
 * Loads MercadoPago.js (sdk.mercadopago.com/js/v2), initialises it with the public key and
 * renders one brick through @mercadopago/sdk-react: the Wallet for a preference, the Card
 * Payment Brick for an amount, or the Status Screen for a payment. The SDK's bricks wait 200 ms before they are created. A script
 * that fails to load (always, offline) or a brick that fails shows `fallback`, never an error.
 */
export function PaymentBrick({
  publicKey,
  locale,
  brick,
  loadingLabel,
  fallback,
  onCardSubmit,
  timeoutMs = SDK_LOAD_TIMEOUT_MS,
}: Props) {
  const [phase, setPhase] = useState<Phase>('loading');

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('MercadoPago.js took too long to load')),
        timeoutMs,
      );
    });
    // The SDK's own loader, awaited here so that its failure ('Failed to load MercadoPago.js') is
    // handled: the bricks would await the same promise inside a timer, where nobody catches it.
    Promise.race([loadMercadoPago(), timeout])
      .then(() => {
        if (typeof (window as { MercadoPago?: unknown }).MercadoPago !== 'function') {
          throw new Error('MercadoPago.js not available');
        }
        initMercadoPago(publicKey, { locale: SDK_LOCALES[locale] });
        if (active) setPhase((current) => (current === 'loading' ? 'creating' : current));
      })
      .catch((error: unknown) => {
        console.warn('[payments] Mercado Pago is unavailable:', (error as Error)?.message);
        if (active) setPhase('failed');
      })
      .finally(() => clearTimeout(timer));

    // Creating a brick happens in the SDK's timer; a rejection there would go unhandled.
    const onUnhandledRejection = (event: PromiseRejectionEvent) => {
      if (!isMercadoPagoFailure(event.reason)) return;
      event.preventDefault();
      console.warn('[payments] the Mercado Pago brick failed:', event.reason);
      if (active) setPhase('failed');
    };
    window.addEventListener('unhandledrejection', onUnhandledRejection);
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener('unhandledrejection', onUnhandledRejection);
    };
  }, [publicKey, locale, timeoutMs]);

  // Stable props: the SDK components create the brick again whenever these change.
  const onReady = useCallback(
    () => setPhase((current) => (current === 'failed' ? current : 'ready')),
    [],
  );
  const onError = useCallback((error: { type?: string; cause?: string; message?: string }) => {
    console.warn('[payments] Mercado Pago brick error:', error);
    if (error?.type !== 'non_critical') setPhase('failed');
  }, []);
  const preferenceId = brick.kind === 'wallet' ? brick.preferenceId : null;
  const paymentId = brick.kind === 'statusScreen' ? brick.paymentId : null;
  const walletInitialization = useMemo(
    () => (preferenceId ? { preferenceId } : null),
    [preferenceId],
  );
  const statusInitialization = useMemo(() => (paymentId ? { paymentId } : null), [paymentId]);
  const amount = brick.kind === 'card' ? brick.amount : null;
  const payerEmail = brick.kind === 'card' ? brick.payerEmail : undefined;
  const cardInitialization = useMemo(
    () =>
      amount === null
        ? null
        : { amount: reaisAmount(amount), ...(payerEmail ? { payer: { email: payerEmail } } : {}) },
    [amount, payerEmail],
  );
  const submitRef = useRef(onCardSubmit);
  useEffect(() => {
    submitRef.current = onCardSubmit;
  });
  // Stable, so the brick is not created again on every render of the panel.
  const onSubmit = useCallback(
    async (formData: {
      token: string;
      payment_method_id: string;
      installments: number;
      issuer_id?: string;
      payer?: { identification?: { type?: string; number?: string } };
    }) => {
      const identification = formData.payer?.identification;
      await submitRef.current?.({
        token: formData.token,
        paymentMethodId: formData.payment_method_id,
        installments: Number(formData.installments),
        ...(formData.issuer_id ? { issuerId: String(formData.issuer_id) } : {}),
        ...(identification?.type && identification.number
          ? { identification: { type: identification.type, number: identification.number } }
          : {}),
      });
    },
    [],
  );

  if (phase === 'failed') return <>{fallback}</>;
  return (
    <div className="flex flex-col gap-3" data-testid="payment-brick">
      {phase !== 'ready' ? (
        <p role="status" className="text-cacao-700 dark:text-cacao-200">
          {loadingLabel}
        </p>
      ) : null}
      {phase === 'loading' ? null : walletInitialization ? (
        <Wallet
          initialization={walletInitialization}
          locale={SDK_LOCALES[locale]}
          onReady={onReady}
          onError={onError}
        />
      ) : cardInitialization ? (
        <CardPayment
          initialization={cardInitialization}
          locale={SDK_LOCALES[locale]}
          onSubmit={onSubmit}
          onReady={onReady}
          onError={onError}
        />
      ) : statusInitialization ? (
        <StatusScreen
          initialization={statusInitialization}
          locale={SDK_LOCALES[locale]}
          onReady={onReady}
          onError={onError}
        />
      ) : null}
    </div>
  );
}
