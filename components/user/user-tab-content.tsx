'use client';

import { useUiStore } from '@/components/providers/ui-store-provider';
import { useUserStore } from '@/components/providers/user-store-provider';
import { AccountView } from './account-view';
import { FirebaseProvider } from './firebase-provider';
import { LoginForm } from './login-form';

/**
 * What the profile tab shows: the login form when signed out (Firebase starts loading when the
 * tab opens), the account when signed in (no Firebase needed: the session cookie says who it is).
 */
export function UserTabContent() {
  const open = useUiStore((store) => store.userTabOpen);
  const user = useUserStore((store) => store.currentUser);
  const isAdmin = useUserStore((store) => store.userIsAdmin);

  if (user) return <AccountView user={user} isAdmin={isAdmin} ordersActive={open} />;
  return (
    <FirebaseProvider active={open}>
      <LoginForm />
    </FirebaseProvider>
  );
}
