import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';

import { DeferredDeliveryForm } from '@/components/control-panel/deferred-forms';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { withinBackendDeadline } from '@/lib/deadline';
import { getDeliveryTable } from '@/lib/delivery/repository';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

/** The delivery table: regions by CEP range with fee and lead time, threshold, capacity, days. */
export default async function ControlPanelDeliveryPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The layout is not re-rendered between panel pages: each page checks on its own too.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const stored = await withinBackendDeadline(
    getDeliveryTable().then((table) => ({ table })),
    'getDeliveryTable',
  );
  if (!stored) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel.delivery');
  const messages = await getMessages();

  return (
    <section aria-labelledby="delivery-title" className="mt-8">
      <h2 id="delivery-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">{t('intro')}</p>
      {/* Only this island needs these messages in the browser. */}
      <NextIntlClientProvider
        messages={{
          ControlPanel: { delivery: messages.ControlPanel.delivery },
          IslandCode: messages.IslandCode,
        }}
      >
        <DeferredDeliveryForm table={stored.table} />
      </NextIntlClientProvider>
    </section>
  );
}
