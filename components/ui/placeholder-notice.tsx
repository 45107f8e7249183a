import { getTranslations } from 'next-intl/server';

/** Marks template leftovers (sample team, texts) so nobody mistakes them for the shop's content. */
export async function PlaceholderNotice() {
  const t = await getTranslations('Common');
  return (
    <p
      role="note"
      // Its look is in app/globals.css: it stands in several sections of the landing.
      className="placeholder-notice"
    >
      {t('placeholderNotice')}
    </p>
  );
}
