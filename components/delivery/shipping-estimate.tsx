'use client';

import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { typedCep } from '@/components/ui/cep-input';
import { TextField } from '@/components/ui/text-field';
import { normalizeCep } from '@/lib/brazil';
import { rememberCep } from '@/lib/delivery/remembered-cep';
import type { DeliveryQuoteAnswer } from '@/lib/delivery/types';

/** How long it waits for the quote before it says it could not ask. */
const QUOTE_TIMEOUT_MS = 10_000;

// The quote's rendering is fetched with the first quote, beside it, and shown once both are in:
// it is code a visit needs only after asking.
const loadResult = () => import('./shipping-estimate-result');
const ShippingEstimateResult = lazy(loadResult);

type Estimate =
  | { status: 'idle' | 'loading' | 'invalid' | 'rate-limited' | 'unavailable' }
  | { status: 'ready'; cep: string; quote: DeliveryQuoteAnswer };

type Props = {
  /** What the fee is for: the product page's one unit, or the list's lines. */
  lines: readonly { id: string; quantity: number }[];
  /** Heading level of its title (h2 on the product page, h3 inside the list). */
  headingLevel?: 2 | 3;
};

/**
 * 'Calcular frete': a CEP gives the delivery fee and the first delivery day, signed out too, from
 * the same quote as the checkout (GET /api/delivery/quote, rate-limited per address in Firestore);
 * a CEP outside every region is told so, with pick-up at the shop offered. The CEP is remembered
 * for the checkout (lib/delivery/remembered-cep.ts).
 */
export function ShippingEstimate({ lines, headingLevel = 2 }: Props) {
  const t = useTranslations('ShippingEstimate');
  const locale = useLocale();
  const id = useId();
  const [cep, setCep] = useState('');
  const [estimate, setEstimate] = useState<Estimate>({ status: 'idle' });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const linesParam = lines.map((line) => `${line.id}:${line.quantity}`).join(',');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizeCep(cep);
    if (!normalized) {
      setEstimate({ status: 'invalid' });
      return;
    }
    if (!linesParam) return;
    setCep(normalized);
    setEstimate({ status: 'loading' });
    const result = loadResult();
    result.catch(() => undefined); // awaited below only once the quote is in
    const query = `shipping=Entrega&cep=${encodeURIComponent(normalized)}&lines=${encodeURIComponent(linesParam)}`;
    try {
      const response = await fetch(`/api/delivery/quote?${query}`, {
        cache: 'no-store',
        signal: AbortSignal.timeout(QUOTE_TIMEOUT_MS),
      });
      if (response.status === 429) {
        setEstimate({ status: 'rate-limited' });
        return;
      }
      if (!response.ok) throw new Error(`quote answered ${response.status}`);
      const quote = (await response.json()) as DeliveryQuoteAnswer;
      // Without its rendering (offline meanwhile) the quote cannot be shown: said as unavailable.
      await result;
      rememberCep(normalized);
      setEstimate({ status: 'ready', cep: normalized, quote });
    } catch (cause) {
      console.warn('[frete] quote failed:', cause);
      setEstimate({ status: 'unavailable' });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2" data-testid="frete">
      <Heading id={`${id}-title`} className="font-semibold">
        {t('title')}
      </Heading>
      <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <TextField
          id={`${id}-cep`}
          label={t('cep')}
          size="sm"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={9}
          value={cep}
          onChange={(_value, input) => setCep(typedCep(input))}
          error={estimate.status === 'invalid' ? t('invalid') : undefined}
          className="w-40"
        />
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          disabled={estimate.status === 'loading'}
        >
          {estimate.status === 'loading' ? t('working') : t('submit')}
        </Button>
      </form>
      <div role="status" className="text-sm" data-testid="frete-result">
        {estimate.status === 'rate-limited' ? (
          <p>{t('rateLimited')}</p>
        ) : estimate.status === 'unavailable' ? (
          <p>{t('unavailable')}</p>
        ) : estimate.status === 'ready' ? (
          <Suspense fallback={null}>
            <ShippingEstimateResult quote={estimate.quote} locale={locale} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
