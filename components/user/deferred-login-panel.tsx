'use client';

import { useTranslations } from 'next-intl';
import type { ComponentProps } from 'react';
import { buttonClass } from '@/components/ui/button';
import { deferred } from '@/components/ui/deferred';
import { noticeClass } from '@/components/ui/notice';

type LoginPanelProps = ComponentProps<typeof import('./login-panel').LoginPanel>;

/** The login's code did not come (offline, or a deployment replaced this build). */
function LoginCodeFailed() {
  const t = useTranslations('LoginForm');
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
 * The login form of /usuario and of a signed-out order link (login-panel.tsx) as a chunk of its
 * own, fetched as soon as the page's code runs. Its server markup is the 'loading' line (the form
 * waits for Firebase, itself a later chunk), so nothing can be typed or tapped in it before.
 */
export const DeferredLoginPanel = deferred<LoginPanelProps>(
  'login',
  () => import('./login-panel').then((loaded) => loaded.LoginPanel),
  LoginCodeFailed,
);
