'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import {
  PAY_ERROR_MESSAGE_KEYS,
  type PayOrderResult,
  type PixView,
} from '@/lib/orders/pay-order-result';
import { requestOrderPayment } from './pay-request';

type Props = { orderId: string };

/** While another attempt is in flight: ask again this often, this many times (an attempt's lease). */
const ASK_AGAIN_MS = 2000;
const MAX_ASKS = 30;

type State =
  | { phase: 'loading' }
  | { phase: 'shown'; pix: PixView }
  | { phase: 'failed'; result: Extract<PayOrderResult, { ok: false }> | null };

/** 'mm:ss' (or 'h:mm:ss') of a duration in ms, never negative. */
function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** The time now, again every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Pix on the order's page: asks the server for the order's Pix (made once and shown again on a
 * reload: lib/orders/pay-order.ts), then shows its QR code, the copy-and-paste code with a copy
 * button and the time left, which is the order's own. When the payment is confirmed the page
 * turns to 'Pago' by itself (the payment panel's live refresh); once the time is over it says so.
 */
export function PixPanel({ orderId }: Props) {
  const t = useTranslations('OrderConfirmation');
  const codeId = useId();
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const now = useNow(state.phase === 'shown');

  // Asked again while another attempt of the order is in flight (another tab's Pix or card):
  // its Pix, once stored, is the one shown; a paid order turns the page to 'Pago' by itself.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    requestOrderPayment({ orderId, method: 'pix' }, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result?.ok && result.method === 'pix') setState({ phase: 'shown', pix: result.pix });
        else setState({ phase: 'failed', result: result && !result.ok ? result : null });
        if (result && !result.ok && result.error === 'payment-in-progress' && asked < MAX_ASKS) {
          again = setTimeout(() => setAsked((count) => count + 1), ASK_AGAIN_MS);
        }
      },
      () => {
        if (!controller.signal.aborted) setState({ phase: 'failed', result: null });
      },
    );
    return () => {
      controller.abort();
      clearTimeout(again);
    };
  }, [orderId, asked]);

  if (state.phase === 'loading') {
    return (
      <p role="status" className="text-cacao-700 dark:text-cacao-200">
        {t('pixLoading')}
      </p>
    );
  }
  if (state.phase === 'failed') {
    const { result } = state;
    return (
      <Notice
        tone={result?.error === 'payment-in-progress' ? 'info' : 'error'}
        role="alert"
        data-testid="pix-error"
      >
        {result
          ? t(`payErrors.${PAY_ERROR_MESSAGE_KEYS[result.error]}`, {
              seconds: result.error === 'rate-limited' ? result.retryAfterSeconds : 0,
            })
          : t('payErrors.serverError')}
      </Notice>
    );
  }

  const { pix } = state;
  const left = new Date(pix.expiresAt).getTime() - now;
  if (left <= 0) {
    return (
      <Notice tone="error" role="alert" data-testid="pix-expired">
        {t('pixExpired')}
      </Notice>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix.qrCode);
      setCopied('copied');
    } catch {
      // No clipboard (an old browser, a denied permission): the code is selected to copy by hand.
      codeRef.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div data-testid="pix-panel" className="flex flex-col gap-4">
      <p>{t('pixIntro')}</p>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {/* A data: URL made by Mercado Pago (CSP img-src allows data:); nothing to optimize. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={`data:image/png;base64,${pix.qrCodeBase64}`}
          alt={t('pixQrAlt', { orderId })}
          width={224}
          height={224}
          data-testid="pix-qr"
          className="size-56 shrink-0 rounded-xl bg-white p-2 [image-rendering:pixelated]"
        />
        <div className="flex w-full min-w-0 flex-col gap-2">
          <label htmlFor={codeId} className="font-semibold">
            {t('pixCodeLabel')}
          </label>
          <textarea
            id={codeId}
            ref={codeRef}
            readOnly
            rows={4}
            value={pix.qrCode}
            data-testid="pix-code"
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none rounded-xl border border-cacao-300 bg-white p-3 font-mono text-sm break-all dark:border-cacao-700 dark:bg-cacao-950"
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="primary" onClick={copy}>
              {t('pixCopy')}
            </Button>
            <span role="status" className="font-semibold text-leaf empty:hidden">
              {copied === 'copied' ? t('pixCopied') : copied === 'failed' ? t('pixCopyFailed') : ''}
            </span>
          </div>
          <p data-testid="pix-time-left" className="font-medium">
            {t('pixTimeLeft')}{' '}
            <time dateTime={pix.expiresAt} className="font-mono tabular-nums">
              {clock(left)}
            </time>
          </p>
          <p className="text-sm text-cacao-700 dark:text-cacao-200">{t('pixWaiting')}</p>
        </div>
      </div>
    </div>
  );
}
