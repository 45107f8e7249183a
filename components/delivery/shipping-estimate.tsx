'use client';

import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, useActionState, useId } from 'react';

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
  | { status: 'idle' | 'invalid' | 'rate-limited' | 'unavailable' }
  | { status: 'ready'; quote: DeliveryQuoteAnswer };
/** The last answer, with the CEP it was for: the field starts from it after React resets it. */
type Asked = { cep: string; estimate: Estimate };

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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const linesParam = lines.map((line) => `${line.id}:${line.quantity}`).join(',');

  // A form action with an uncontrolled field: a submit before the island has hydrated is held by
  // React and sent once it has, with what was typed (components/product/product-forms.tsx).
  const [asked, ask, pending] = useActionState(
    async (_previous: Asked, form: FormData): Promise<Asked> => {
      const typed = String(form.get('cep') ?? '');
      const normalized = normalizeCep(typed);
      if (!normalized) return { cep: typed, estimate: { status: 'invalid' } };
      if (!linesParam) return { cep: normalized, estimate: { status: 'idle' } };
      const result = loadResult();
      result.catch(() => undefined); // awaited below only once the quote is in
      const query = `shipping=Entrega&cep=${encodeURIComponent(normalized)}&lines=${encodeURIComponent(linesParam)}`;
      try {
        const response = await fetch(`/api/delivery/quote?${query}`, {
          cache: 'no-store',
          signal: AbortSignal.timeout(QUOTE_TIMEOUT_MS),
        });
        if (response.status === 429)
          return { cep: normalized, estimate: { status: 'rate-limited' } };
        if (!response.ok) throw new Error(`quote answered ${response.status}`);
        const quote = (await response.json()) as DeliveryQuoteAnswer;
        // Without its rendering (offline meanwhile) the quote cannot be shown: said as unavailable.
        await result;
        rememberCep(normalized);
        return { cep: normalized, estimate: { status: 'ready', quote } };
      } catch (cause) {
        console.warn('[frete] quote failed:', cause);
        return { cep: normalized, estimate: { status: 'unavailable' } };
      }
    },
    { cep: '', estimate: { status: 'idle' } },
  );
  // While a new quote is asked for, the last one is not shown.
  const estimate: Estimate = pending ? { status: 'idle' } : asked.estimate;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2" data-testid="frete">
      <Heading id={`${id}-title`} className="font-semibold">
        {t('title')}
      </Heading>
      <form noValidate action={ask} className="flex flex-wrap items-end gap-2">
        <TextField
          id={`${id}-cep`}
          label={t('cep')}
          size="sm"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={9}
          name="cep"
          defaultValue={asked.cep}
          onChange={(_value, input) => {
            input.value = typedCep(input);
          }}
          error={estimate.status === 'invalid' ? t('invalid') : undefined}
          className="w-40"
        />
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? t('working') : t('submit')}
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
