'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useUiStore } from '@/components/providers/ui-store-provider';
import { useUserStore } from '@/components/providers/user-store-provider';

// The tab's content is code most visits never use: it loads the first time the tab opens, so it
// stays out of every page's first load (as Firebase itself does).
const AccountView = dynamic(() => import('./account-view').then((m) => m.AccountView), {
  ssr: false,
  loading: LoadingAccount,
});
const LoginPanel = dynamic(() => import('./login-panel').then((m) => m.LoginPanel), {
  ssr: false,
  loading: LoadingFirebase,
});

function LoadingFirebase() {
  const t = useTranslations('LoginForm');
  return (
    <p role="status" className="text-cacao-700 dark:text-cacao-200">
      {t('loading')}
    </p>
  );
}

/** While the account's code is on its way (a slow network): said, not a blank tab. */
function LoadingAccount() {
  const t = useTranslations('Profile');
  return (
    <p role="status" className="text-cacao-700 dark:text-cacao-200">
      {t('loading')}
    </p>
  );
}

/**
 * What the profile tab shows: the login form when signed out (Firebase starts loading when the
 * tab opens), the account when signed in (no Firebase needed: the session cookie says who it is).
 */
export function UserTabContent() {
  const open = useUiStore((store) => store.userTabOpen);
  const user = useUserStore((store) => store.currentUser);
  const isAdmin = useUserStore((store) => store.userIsAdmin);
  // Once opened, the content stays rendered, so the tab can slide out with it.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;

  if (user) return <AccountView user={user} isAdmin={isAdmin} ordersActive={open} />;
  return <LoginPanel active={open} />;
}
