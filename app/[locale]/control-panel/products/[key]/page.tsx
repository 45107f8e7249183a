import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ProductArchive } from '@/components/control-panel/product-editor/product-archive';
import { DeferredProductForm } from '@/components/control-panel/deferred-forms';
import { ProductHistory } from '@/components/control-panel/product-editor/product-history';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { Notice } from '@/components/ui/notice';
import { categories } from '@/lib/catalogue/categories';
import { formValuesOf } from '@/lib/catalogue/editor-form';
import { productPageLink } from '@/lib/catalogue/product';
import { readProductForEditor } from '@/lib/catalogue/repository-writes';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { withinBackendDeadline } from '@/lib/deadline';
import type { AppLocale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/navigation';
import { readInventoryEntry } from '@/lib/inventory/repository';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale; key: string }>;
  searchParams: Promise<{ saved?: string }>;
};

/** One product in the editor, with its latest changes and its archive or delete. */
export default async function ControlPanelProductPage({ params, searchParams }: Props) {
  const { locale, key } = await params;
  setRequestLocale(locale);
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const read = await withinBackendDeadline(
    readProductForEditor(key).then(async (stored) =>
      stored ? { ...stored, live: await readInventoryEntry(stored.record) } : null,
    ),
    'readProductForEditor',
  );
  if (read === null) return <ServiceUnavailable />;
  if (!read) notFound();
  const { record, version, live } = read;
  const { saved } = await searchParams;
  const t = await getTranslations('ControlPanel.products');
  const answers = await getTranslations('ProductEditor.answers');
  const messages = await getMessages();
  return (
    <section aria-labelledby="product-title" className="mt-8">
      <Link href="/control-panel/products" className="text-sm font-semibold underline">
        {t('back')}
      </Link>
      <h2 id="product-title" className="mt-3 text-2xl font-bold">
        {t('titleEdit', { title: record.title[locale] })}
      </h2>
      <p className="mt-2 text-sm text-cacao-600 dark:text-cacao-300">
        {t(record.ordered ? 'keyFixed' : 'keyFollows', { key: record.key })}{' '}
        {record.archived ? null : (
          <Link href={productPageLink(record.key)} className="font-semibold underline">
            {t('viewInShop')}
          </Link>
        )}
      </p>
      {saved ? (
        <Notice tone="success" role="status" className="mt-4" data-testid="editor-saved">
          {answers(saved === 'new' ? 'created' : 'saved')}
        </Notice>
      ) : null}
      {record.archived ? (
        <Notice tone="info" className="mt-4">
          {t('archivedNote')}
        </Notice>
      ) : null}
      <NextIntlClientProvider
        messages={{
          ControlPanel: { products: messages.ControlPanel.products },
          ProductEditor: messages.ProductEditor,
          Allergens: messages.Allergens,
          IslandCode: messages.IslandCode,
        }}
      >
        <DeferredProductForm
          key={`${record.key}:${version}`}
          locale={locale}
          initial={formValuesOf(record, version, live)}
          types={categories.flatMap((category) =>
            category.types.map((type) => ({
              key: type.key,
              name: type.name[locale],
              category: category.name[locale],
            })),
          )}
        />
        <ProductArchive
          locale={locale}
          productKey={record.key}
          title={record.title[locale]}
          archived={record.archived}
          ordered={record.ordered}
        />
      </NextIntlClientProvider>
      <ProductHistory productKeys={[record.key, ...record.formerKeys]} locale={locale} />
    </section>
  );
}
