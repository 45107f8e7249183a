import { getTranslations } from 'next-intl/server';
import { NotFoundMessage } from '@/components/layout/not-found-message';

export default async function LocaleNotFound() {
  const t = await getTranslations('NotFound');
  return <NotFoundMessage title={t('title')} description={t('description')} />;
}
