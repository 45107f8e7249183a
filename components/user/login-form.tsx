'use client';

import type { User, UserCredential } from 'firebase/auth';
import { useTranslations } from 'next-intl';
import { useRouter as useNextRouter } from 'next/navigation';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { loginErrorKey, type LoginErrorKey, type LoginMethod } from '@/lib/firebase/auth-errors';
import type { FirebaseClient } from '@/lib/firebase/client';
import { useRouter } from '@/lib/i18n/navigation';
import { applySessionUser } from '@/lib/session/client';
import { createServerSession } from '@/lib/session/client-sign-in';
import { NEXT_PARAM, safeReturnPath } from '@/lib/session/return-path';
import { useFirebase } from './firebase-provider';
import { buttonClass } from '@/components/ui/button';
import { sectionTitleClass } from '@/components/ui/card';
import { noticeClass } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { PasswordReset } from './password-reset';

type Props = {
  /** Heading level of the form title: h2 on /usuario, h3 inside the user tab. */
  headingLevel?: 2 | 3;
};

/**
 * Sign-in with Google (popup) or email and password, and account creation. Every way in ends the
 * same: a fresh ID token is exchanged for the httpOnly session cookie (POST /api/session), the
 * user store takes the server's answer, and the server components are refreshed.
 */
export function LoginForm({ headingLevel = 3 }: Props) {
  const t = useTranslations('LoginForm');
  const { status, client, load } = useFirebase();
  const router = useRouter();
  // For `next`, which already carries its locale (next-intl's router would prefix another).
  const pathRouter = useNextRouter();
  const userStore = useUserStoreApi();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<LoginMethod | null>(null);
  const [error, setError] = useState<LoginErrorKey | null>(null);
  const nameId = useId();
  const emailId = useId();
  const passwordId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (status !== 'ready' || !client) {
    return status === 'error' ? (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className={noticeClass('error', 'sm')}>
          {t('loadFailed')}
        </p>
        <button type="button" onClick={load} className={buttonClass({ variant: 'secondary' })}>
          {t('retry')}
        </button>
      </div>
    ) : (
      <p role="status" className="text-cacao-700 dark:text-cacao-200">
        {t('loading')}
      </p>
    );
  }

  const finishSignIn = async (user: User) => {
    const idToken = await user.getIdToken(true);
    const sessionUser = await createServerSession(idToken);
    applySessionUser(userStore.getState(), sessionUser);
    // Sent here by the control panel's redirect: back to the page asked for, if it is one of ours.
    const returnTo = safeReturnPath(new URL(window.location.href).searchParams.get(NEXT_PARAM));
    if (returnTo) pathRouter.replace(returnTo);
    else router.refresh();
  };

  const run = async (
    method: LoginMethod,
    signIn: (firebase: FirebaseClient) => Promise<UserCredential>,
  ) => {
    setBusy(method);
    setError(null);
    try {
      // Called before any await, so the Google popup opens within the click's user activation.
      const credential = await signIn(client);
      await finishSignIn(credential.user);
    } catch (cause) {
      console.error(`Sign-in failed (${method}):`, cause);
      setError(loginErrorKey(cause, method));
    } finally {
      // The server session cookie is the source of truth. The Firebase client session (kept in
      // memory only) has served its purpose once the token was exchanged, so it is signed out:
      // no second, longer-lived credential stays in the browser.
      if (client.auth.currentUser) {
        await client.sdk.signOut(client.auth).catch((cause: unknown) => {
          console.error('Signing the Firebase client out failed:', cause);
        });
      }
      setBusy(null);
    }
  };

  const credentialsGiven = () => {
    if (email.trim() && password) return true;
    setError('missingFields');
    return false;
  };

  const onSignIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !credentialsGiven()) return;
    void run('email', ({ auth, sdk }) =>
      sdk.signInWithEmailAndPassword(auth, email.trim(), password),
    );
  };

  const onCreateAccount = () => {
    if (busy || !credentialsGiven()) return;
    const fullName = name.replace(/\s+/g, ' ').trim();
    if (!fullName) {
      setError('missingName');
      return;
    }
    void run('signUp', async ({ auth, sdk }) => {
      const credential = await sdk.createUserWithEmailAndPassword(auth, email.trim(), password);
      // Before the session is made: the server stores the new account with this display name
      // (lib/users/repository.ts ensureUserRecord).
      await sdk.updateProfile(credential.user, { displayName: fullName });
      return credential;
    });
  };

  const onGoogle = () => {
    if (busy) return;
    void run('google', ({ auth, sdk }) => {
      const provider = new sdk.GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      return sdk.signInWithPopup(auth, provider);
    });
  };

  const disabled = busy !== null;

  return (
    <section aria-labelledby={`${emailId}-title`} className="flex flex-col gap-4">
      <div>
        <Heading id={`${emailId}-title`} className={sectionTitleClass}>
          {t('title')}
        </Heading>
        <p className="mt-1 text-sm text-cacao-700 dark:text-cacao-200">{t('intro')}</p>
      </div>

      <button
        type="button"
        onClick={onGoogle}
        disabled={disabled}
        className={buttonClass({ variant: 'secondary' })}
      >
        <GoogleMark />
        {busy === 'google' ? t('working') : t('google')}
      </button>

      <p className="text-center text-sm text-cacao-600 dark:text-cacao-300">{t('or')}</p>

      <form noValidate onSubmit={onSignIn} className="flex flex-col gap-3">
        <TextField
          id={nameId}
          name="name"
          size="sm"
          label={t('name')}
          hint={t('nameHint')}
          autoComplete="name"
          value={name}
          onChange={setName}
        />
        <TextField
          id={emailId}
          name="email"
          type="email"
          size="sm"
          label={t('email')}
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={setEmail}
        />
        <TextField
          id={passwordId}
          name="password"
          type="password"
          size="sm"
          label={t('password')}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />

        {error ? (
          <p role="alert" className={noticeClass('error', 'sm')}>
            {t(`errors.${error}`)}
          </p>
        ) : null}

        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={disabled} className={buttonClass()}>
            {busy === 'email' ? t('working') : t('signIn')}
          </button>
          <button
            type="button"
            onClick={onCreateAccount}
            disabled={disabled}
            className={buttonClass({ variant: 'secondary' })}
          >
            {busy === 'signUp' ? t('working') : t('createAccount')}
          </button>
        </div>
      </form>
      <PasswordReset client={client} email={email} disabled={disabled} />
    </section>
  );
}

/** Google's "G", as a plain decorative mark. */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2.1-2 3.2-4.8 3.2-8.2Z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.7 14a6.6 6.6 0 0 1 0-4.2V7H2a11 11 0 0 0 0 9.9L5.7 14Z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2 7l3.7 2.9C6.6 7.4 9.1 5.4 12 5.4Z"
      />
    </svg>
  );
}
