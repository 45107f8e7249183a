'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useId } from 'react';

import { useLiveProduct } from '@/components/catalogue/use-live-catalogue';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import type { AppLocale } from '@/lib/i18n/locales';
import { requestRestockAlert, type RestockSignUpResult } from '@/lib/restock/actions';

/** The last answer, with what was sent: the fields start from it again after React resets them. */
type Sent = { result: RestockSignUpResult | null; email: string; consent: boolean };

/**
 * 'Avise-me quando chegar' on a sold-out product: an e-mail and the consent to one notice (a
 * signed-in shopper's own address, in one tap); lib/restock/actions.ts keeps it and the stock
 * page's save sends it once the product is back. A form action with uncontrolled fields: a
 * submit before this island has hydrated is held by React and sent once it has, with what was
 * typed (components/product/product-forms.tsx).
 */
export function RestockAlert({
  productKey,
  soldOutInPage,
  signedInEmail,
}: {
  productKey: string;
  /** Sold out when the page was made (it may be up to a minute old: the live read wins). */
  soldOutInPage: boolean;
  /** The signed-in shopper's address, or null (product-forms.tsx reads it). */
  signedInEmail: string | null;
}) {
  const t = useTranslations('RestockAlert');
  const live = useLiveProduct(productKey);
  const locale = useLocale() as AppLocale;
  const id = useId();
  const [sent, send, pending] = useActionState(
    async (_previous: Sent, form: FormData): Promise<Sent> => {
      const email = String(form.get('email') ?? '');
      // Signed in, the tap is the consent (the button says so).
      const consent = signedInEmail !== null || form.get('consent') === 'on';
      const result = await requestRestockAlert({
        productKey,
        email: signedInEmail ? undefined : email,
        consent,
        locale,
      }).catch((): RestockSignUpResult => ({ ok: false, error: 'unavailable' }));
      return { result, email, consent };
    },
    { result: null, email: '', consent: false },
  );
  const { result } = sent;

  const soldOut = live ? live.forSale && live.stock <= 0 : soldOutInPage;
  if (!soldOut && !result) return null;
  if (result?.ok) {
    return (
      <Notice tone="success" role="status" data-testid="restock-done">
        {t('done', { email: result.email })}
      </Notice>
    );
  }
  const error = result && !result.ok ? t(`errors.${result.error}`) : undefined;
  const emailError = result?.ok === false && result.error === 'email' && !signedInEmail;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`${cardClass} flex flex-col gap-3`}
      data-testid="restock-alert"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="text-sm">{t('intro')}</p>
      {signedInEmail ? (
        // Signed in: the tap is the consent, to the account's own address, said on the button.
        <form action={send} className="flex flex-col items-start gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? t('working') : t('signedInSubmit')}
          </Button>
          <p className="text-sm text-muted">{t('signedInHint', { email: signedInEmail })}</p>
        </form>
      ) : (
        <form noValidate action={send} className="flex flex-col gap-3">
          <TextField
            id={`${id}-email`}
            name="email"
            label={t('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            defaultValue={sent.email}
            error={emailError ? error : undefined}
          />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="consent"
              defaultChecked={sent.consent}
              className="mt-1 size-5 shrink-0 accent-cacao-700 dark:accent-gold-400"
            />
            {t('consent')}
          </label>
          <Button type="submit" disabled={pending} className="self-start">
            {pending ? t('working') : t('submit')}
          </Button>
        </form>
      )}
      {error && !emailError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
