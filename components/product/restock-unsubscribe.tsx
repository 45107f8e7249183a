'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';

import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Link } from '@/lib/i18n/navigation';
import { confirmRestockUnsubscribe } from '@/lib/restock/actions';

/** The unsubscribe page's confirmation button and what came of it. */
export function RestockUnsubscribe({ token }: { token: string }) {
  const t = useTranslations('RestockUnsubscribe');
  const [result, setResult] = useState<'done' | 'unknown' | 'unavailable' | null>(null);
  const [pending, startTransition] = useTransition();
  if (result === 'done' || result === 'unknown') {
    return (
      <div className="mt-6 flex flex-col items-start gap-3">
        <Notice tone={result === 'done' ? 'success' : 'error'} role="status">
          {t(result)}
        </Notice>
        <Link href="/" className="font-semibold underline">
          {t('back')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <Button
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            setResult(await confirmRestockUnsubscribe(token).catch(() => 'unavailable' as const));
          })
        }
      >
        {t('confirm')}
      </Button>
      {result === 'unavailable' ? (
        <Notice tone="error" role="alert">
          {t('unavailable')}
        </Notice>
      ) : null}
    </div>
  );
}
