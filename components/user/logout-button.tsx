'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { loadedFirebaseClient } from '@/lib/firebase/client';
import { useRouter } from '@/lib/i18n/navigation';
import { applySessionUser, deleteServerSession } from '@/lib/session/client';
import { buttonClass } from '@/components/ui/button';
import { noticeClass } from '@/components/ui/notice';

/** Signs out: clears the session cookie, signs Firebase out if it is loaded, empties the store. */
export function LogoutButton() {
  const t = useTranslations('Profile');
  const router = useRouter();
  const userStore = useUserStoreApi();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const logout = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await deleteServerSession();
      // Never load Firebase just to sign out of it: only if this page already has it.
      const firebase = await loadedFirebaseClient();
      if (firebase) {
        await firebase.sdk.signOut(firebase.auth).catch((cause: unknown) => {
          console.error('Signing the Firebase client out failed:', cause);
        });
      }
      applySessionUser(userStore.getState(), null);
      userStore.getState().setOrdersNeedUpdate(false);
      router.refresh();
    } catch (cause) {
      console.error('Sign-out failed:', cause);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={() => void logout()}
        disabled={busy}
        className={buttonClass({ variant: 'secondary' })}
      >
        {busy ? t('loggingOut') : t('logout')}
      </button>
      {failed ? (
        <p role="alert" className={noticeClass('error', 'sm')}>
          {t('logoutFailed')}
        </p>
      ) : null}
    </div>
  );
}
