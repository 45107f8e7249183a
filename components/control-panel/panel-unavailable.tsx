import { getTranslations } from 'next-intl/server';

import { Notice } from '@/components/ui/notice';

/**
 * What the control panel shows when Auth or Firestore cannot answer its session check
 * (lib/control-panel/auth.ts requireAdminPage): an honest 'temporarily unavailable', never the
 * sign-in form or the generic error page.
 */
export async function PanelUnavailable() {
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
