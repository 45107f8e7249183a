'use client';

import { useTranslations } from 'next-intl';
import { useUserStore, useUserStoreApi } from '@/components/providers/user-store-provider';
import { loadedFirebaseClient } from '@/lib/firebase/client';
import { useRouter } from '@/lib/i18n/navigation';
import { applySessionUser } from '@/lib/session/client';
import { deleteServerSession } from '@/lib/session/client-sign-in';
import type { CurrentUser } from '@/lib/stores/user-store';
import { buttonClass } from '@/components/ui/button';
import { noticeClass } from '@/components/ui/notice';

/**
 * Signs out. The interface shows 'signed out' at once (the user store is emptied on the click);
 * clearing the session cookie (the server also revokes the refresh tokens) and signing Firebase
 * out, if this page loaded it, go on in the background. Should the server refuse, the user comes
 * back with an alert: the cookie is still set, so saying 'signed out' would be false.
 */
export function LogoutButton() {
  const t = useTranslations('Profile');
  const router = useRouter();
  const userStore = useUserStoreApi();
  const failed = useUserStore((store) => store.logoutFailed);

  const revoke = async (previous: { user: CurrentUser | null; isAdmin: boolean }) => {
    try {
      await deleteServerSession();
    } catch (cause) {
      console.error('Sign-out failed:', cause);
      const state = userStore.getState();
      // Only if no one signed in meanwhile.
      if (state.currentUser === null && previous.user) {
        state.setCurrentUser(previous.user);
        state.setUserIsAdmin(previous.isAdmin);
      }
      userStore.setState({ logoutFailed: true });
      return;
    }
    // Never load Firebase just to sign out of it: only if this page already has it.
    const firebase = await loadedFirebaseClient();
    if (firebase) {
      await firebase.sdk.signOut(firebase.auth).catch((cause: unknown) => {
        console.error('Signing the Firebase client out failed:', cause);
      });
    }
    // Server components (/usuario, a confirmation page) read the now cleared cookie.
    router.refresh();
  };

  const logout = () => {
    const state = userStore.getState();
    const previous = { user: state.currentUser, isAdmin: state.userIsAdmin };
    userStore.setState({ logoutFailed: false });
    applySessionUser(state, null);
    state.setOrdersNeedUpdate(false);
    void revoke(previous);
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" onClick={logout} className={buttonClass({ variant: 'secondary' })}>
        {t('logout')}
      </button>
      {failed ? (
        <p role="alert" className={noticeClass('error', 'sm')}>
          {t('logoutFailed')}
        </p>
      ) : null}
    </div>
  );
}
