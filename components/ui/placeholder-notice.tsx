import { getTranslations } from 'next-intl/server';

/** Marks template leftovers (sample team, texts) so nobody mistakes them for the shop's content. */
export async function PlaceholderNotice() {
  const t = await getTranslations('Common');
  return (
    <p
      role="note"
      className="mx-auto mb-8 max-w-3xl rounded-lg border border-dashed border-gold-400 bg-gold-400/10 px-4 py-2 text-center text-sm text-cacao-700 dark:text-cacao-200"
    >
      {t('placeholderNotice')}
    </p>
  );
}
