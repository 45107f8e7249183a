'use client';

import { useTranslations } from 'next-intl';
import type { ComponentProps } from 'react';
import { buttonClass } from '@/components/ui/button';
import { deferredIsland } from '@/components/ui/deferred-island';
import { noticeClass } from '@/components/ui/notice';

type AccountViewProps = ComponentProps<typeof import('./account-view').AccountView>;

/** The account's code did not come (offline, or a deployment replaced this build). */
function AccountCodeFailed() {
  const t = useTranslations('Profile');
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className={noticeClass('error', 'sm')}>
        {t('loadFailed')}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={buttonClass({ variant: 'secondary' })}
      >
        {t('retry')}
      </button>
    </div>
  );
}

/**
 * The account of /usuario (account-view.tsx) as a chunk of its own, fetched as soon as the page's
 * code runs. Its server markup shows the profile and the orders at once; a tap on one of its
 * buttons before the code has come is held and replayed once it has.
 */
export const DeferredAccountView = deferredIsland<AccountViewProps>(
  'account',
  () => import('./account-view').then((loaded) => loaded.AccountView),
  AccountCodeFailed,
);
