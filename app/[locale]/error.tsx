'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

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
      <Button size="lg" onClick={reset} className="mt-8">
        {t('retry')}
      </Button>
    </div>
  );
}
