import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { DeferredProductForm } from '@/components/control-panel/deferred-forms';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { categories } from '@/lib/catalogue/categories';
import { emptyFormValues } from '@/lib/catalogue/editor-form';
import { requireAdminPage } from '@/lib/control-panel/auth';
import type { AppLocale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/navigation';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

/** A new product in the editor: its key comes from its pt-BR name when it is created. */
export default async function ControlPanelNewProductPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel.products');
  const messages = await getMessages();
  return (
    <section aria-labelledby="product-title" className="mt-8">
      <Link href="/control-panel/products" className="text-sm font-semibold underline">
        {t('back')}
      </Link>
      <h2 id="product-title" className="mt-3 text-2xl font-bold">
        {t('titleNew')}
      </h2>
      <p className="mt-2 text-sm text-cacao-600 dark:text-cacao-300">{t('keyNew')}</p>
      <NextIntlClientProvider
        messages={{
          ControlPanel: { products: messages.ControlPanel.products },
          ProductEditor: messages.ProductEditor,
          Allergens: messages.Allergens,
          IslandCode: messages.IslandCode,
        }}
      >
        <DeferredProductForm
          locale={locale}
          initial={emptyFormValues()}
          types={categories.flatMap((category) =>
            category.types.map((type) => ({
              key: type.key,
              name: type.name[locale],
              category: category.name[locale],
            })),
          )}
        />
      </NextIntlClientProvider>
    </section>
  );
}
