import { getTranslations } from 'next-intl/server';
import { Notice } from '@/components/ui/notice';

/**
 * A page's whole content when Auth or Firestore cannot answer: says so, rather than asking a
 * signed-in shopper to sign in again or showing an empty account.
 */
export async function ServiceUnavailable() {
  const t = await getTranslations('Resilience');
  return (
    <section className="mx-auto max-w-3xl px-6 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('unavailableTitle')}</h1>
      <Notice tone="error" role="alert" className="mt-6">
        {t('unavailable')}
      </Notice>
    </section>
  );
}
