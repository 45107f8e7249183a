'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

type Props = { error: Error & { digest?: string }; reset: () => void };

export default function LocaleError({ error, reset }: Props) {
  const t = useTranslations('Error');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-6 pt-32 pb-20 text-center"
    >
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-3 text-cacao-600 dark:text-cacao-300">{t('description')}</p>
      <button
        type="button"
        onClick={reset}
        className="mt-8 rounded-full bg-cacao-700 px-6 py-3 font-semibold text-cacao-50 hover:bg-cacao-800"
      >
        {t('retry')}
      </button>
    </div>
  );
}
