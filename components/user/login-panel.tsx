'use client';

import { FirebaseProvider } from './firebase-provider';
import { LoginForm } from './login-form';

type Props = {
  /** Start loading Firebase now (the tab is open, or the page needs sign-in). */
  active: boolean;
  headingLevel?: 2 | 3;
};

/** The login form with the Firebase it needs, loaded when `active`. */
export function LoginPanel({ active, headingLevel }: Props) {
  return (
    <FirebaseProvider active={active}>
      <LoginForm headingLevel={headingLevel} />
    </FirebaseProvider>
  );
}
