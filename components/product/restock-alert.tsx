'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, useTransition, type FormEvent } from 'react';

import { useLiveProduct } from '@/components/catalogue/use-live-catalogue';
import { useUserStore } from '@/components/providers/user-store-provider';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import type { AppLocale } from '@/lib/i18n/locales';
import { requestRestockAlert, type RestockSignUpResult } from '@/lib/restock/actions';

/**
 * 'Avise-me quando chegar' on a sold-out product: an e-mail and the consent to one notice (a
 * signed-in shopper's own address, in one tap); lib/restock/actions.ts keeps it and the stock
 * page's save sends it once the product is back.
 */
export function RestockAlert({
  productKey,
  soldOutInPage,
}: {
  productKey: string;
  /** Sold out when the page was made (it may be up to a minute old: the live read wins). */
  soldOutInPage: boolean;
}) {
  const t = useTranslations('RestockAlert');
  const live = useLiveProduct(productKey);
  const locale = useLocale() as AppLocale;
  const id = useId();
  const signedInEmail = useUserStore((store) => store.currentUser?.email ?? null);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [result, setResult] = useState<RestockSignUpResult | null>(null);
  const [pending, startTransition] = useTransition();

  const send = (consentGiven: boolean) =>
    startTransition(async () => {
      const answer = await requestRestockAlert({
        productKey,
        email: signedInEmail ? undefined : email,
        consent: consentGiven,
        locale,
      }).catch((): RestockSignUpResult => ({ ok: false, error: 'unavailable' }));
      setResult(answer);
    });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(consent);
  };

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
        <div className="flex flex-col items-start gap-2">
          <Button onClick={() => send(true)} disabled={pending}>
            {pending ? t('working') : t('signedInSubmit')}
          </Button>
          <p className="text-sm text-muted">{t('signedInHint', { email: signedInEmail })}</p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
          <TextField
            id={`${id}-email`}
            label={t('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={result?.ok === false && result.error === 'email' ? error : undefined}
          />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              className="mt-1 size-5 shrink-0 accent-cacao-700 dark:accent-gold-400"
            />
            {t('consent')}
          </label>
          <Button type="submit" disabled={pending} className="self-start">
            {pending ? t('working') : t('submit')}
          </Button>
        </form>
      )}
      {error && !(result?.ok === false && result.error === 'email' && !signedInEmail) ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
