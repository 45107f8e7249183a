'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';

import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { AppLocale } from '@/lib/i18n/locales';
import { useRouter } from '@/lib/i18n/navigation';

type Props = {
  locale: AppLocale;
  productKey: string;
  title: string;
  archived: boolean;
  /** Ordered: it can be archived, never deleted. */
  ordered: boolean;
};

/**
 * Takes the product out of the shop for good (archive) or back, or deletes one never ordered.
 * Each asks first; the server refuses what it must (a product with orders is not deleted).
 */
export function ProductArchive({ locale, productKey, title, archived, ordered }: Props) {
  const t = useTranslations('ControlPanel.products');
  const answers = useTranslations('ProductEditor.answers');
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const call = (path: string, init: RequestInit, then: () => void) =>
    startTransition(async () => {
      try {
        const response = await fetch(`${path}?locale=${locale}`, init);
        const answer = (await response.json()) as { ok: boolean; message?: string };
        if (answer.ok) then();
        else setMessage(answer.message ?? answers('failed'));
      } catch {
        setMessage(answers('failed'));
      }
    });
  const base = `/api/control-panel/products/${productKey}`;

  return (
    <div className="mt-8 flex flex-col gap-3 border-t border-cacao-200 pt-6 dark:border-cacao-800">
      {message ? (
        <Notice tone="error" role="alert">
          {message}
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={archived ? 'secondary' : 'danger'}
          size="sm"
          disabled={pending}
          onClick={() => {
            if (!archived && !window.confirm(t('archiveConfirm', { title }))) return;
            call(
              `${base}/archive`,
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ archived: !archived }),
              },
              () => router.refresh(),
            );
          }}
        >
          {archived ? t('restore') : t('archive')}
        </Button>
        {ordered ? (
          <p className="text-sm text-cacao-600 dark:text-cacao-300">{t('orderedNote')}</p>
        ) : (
          <Button
            variant="danger"
            size="sm"
            disabled={pending}
            onClick={() => {
              if (!window.confirm(t('deleteConfirm', { title }))) return;
              call(base, { method: 'DELETE' }, () => router.replace('/control-panel/products'));
            }}
          >
            {t('delete')}
          </Button>
        )}
      </div>
    </div>
  );
}
