'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { TextField } from '@/components/ui/text-field';
import { formatPrice } from '@/lib/catalogue/format';
import type { CouponCheck } from '@/lib/coupons/rules';
import { keepAppliedCoupon, readAppliedCoupon } from '@/lib/coupons/applied-coupon';
import { couponMessageKey } from '@/lib/coupons/messages';

/** How long it waits for the check before it says it could not ask. */
const CHECK_TIMEOUT_MS = 10_000;

export type AppliedCoupon = { code: string; discount: number };

type State =
  | { status: 'idle' | 'checking' | 'rate-limited' | 'unavailable' }
  | { status: 'refused'; check: Extract<CouponCheck, { ok: false }> }
  | { status: 'applied'; coupon: AppliedCoupon };

type Props = {
  lines: readonly { id: string; quantity: number }[];
  /** Told of the coupon applied (null: none), for the checkout's summary and order. */
  onChange?: (coupon: AppliedCoupon | null) => void;
  headingLevel?: 2 | 3;
};

/**
 * 'Cupom de desconto': a code checked by the server on these lines (GET /api/coupons/check), its
 * discount or why it cannot be used, in the shopper's language. The code is kept for this tab
 * (lib/coupons/applied-coupon.ts): applied in the list, the checkout applies it again.
 */
export function CouponField({ lines, onChange, headingLevel = 3 }: Props) {
  const t = useTranslations('Coupon');
  const id = useId();
  const [code, setCode] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const linesParam = lines.map((line) => `${line.id}:${line.quantity}`).join(',');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  /** What the server says of `code` on these lines, as this field's state. */
  const ask = async (code: string): Promise<State> => {
    try {
      const response = await fetch(
        `/api/coupons/check?code=${encodeURIComponent(code)}&lines=${encodeURIComponent(linesParam)}`,
        { cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) },
      );
      if (response.status === 429) return { status: 'rate-limited' };
      if (!response.ok) throw new Error(`coupon check answered ${response.status}`);
      const answer = (await response.json()) as CouponCheck;
      return answer.ok
        ? { status: 'applied', coupon: { code: answer.code, discount: answer.discount } }
        : { status: 'refused', check: answer };
    } catch (cause) {
      console.warn('[cupom] check failed:', cause);
      return { status: 'unavailable' };
    }
  };
  const apply = (next: State) => {
    setState(next);
    if (next.status === 'applied') {
      keepAppliedCoupon(next.coupon.code);
      setCode(next.coupon.code);
      latest.current?.(next.coupon);
    } else {
      if (next.status === 'refused') keepAppliedCoupon('');
      latest.current?.(null);
    }
  };
  const check = (typed: string) => {
    const trimmed = typed.trim();
    if (!trimmed || !linesParam) return;
    setState({ status: 'checking' });
    void ask(trimmed).then(apply);
  };

  // A code applied earlier in this tab (the list, a reload) is checked again for these lines.
  useEffect(() => {
    const kept = readAppliedCoupon();
    if (!kept || !linesParam) return;
    let current = true;
    void ask(kept).then((next) => {
      if (current) apply(next);
    });
    return () => {
      current = false;
    };
    // The lines change what it is worth: checked again for each.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linesParam]);

  const remove = () => {
    keepAppliedCoupon('');
    setCode('');
    setState({ status: 'idle' });
    latest.current?.(null);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2" data-testid="cupom">
      <Heading id={`${id}-title`} className="font-semibold">
        {t('title')}
      </Heading>
      {state.status === 'applied' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" data-testid="cupom-applied">
            {t('applied', { code: state.coupon.code })} −<Price amount={state.coupon.discount} />
          </p>
          <Button variant="secondary" size="sm" onClick={remove}>
            {t('remove')}
          </Button>
        </div>
      ) : (
        // Not a form of its own: at checkout it sits inside the order's form, so Enter and the
        // button apply the code without sending the order.
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            id={`${id}-code`}
            label={t('code')}
            size="sm"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            value={code}
            onChange={setCode}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              check(code);
            }}
            error={
              state.status === 'refused'
                ? t(`errors.${couponMessageKey(state.check.problem)}`, {
                    minimum: formatPrice(state.check.minimum),
                  })
                : undefined
            }
            className="w-44"
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={state.status === 'checking'}
            onClick={() => check(code)}
          >
            {state.status === 'checking' ? t('checking') : t('apply')}
          </Button>
        </div>
      )}
      {state.status === 'rate-limited' || state.status === 'unavailable' ? (
        <p role="alert" className="text-sm">
          {t(state.status === 'rate-limited' ? 'rateLimited' : 'unavailable')}
        </p>
      ) : null}
    </section>
  );
}
