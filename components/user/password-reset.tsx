'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FirebaseClient } from '@/lib/firebase/client';
import {
  looksLikeEmail,
  passwordResetOutcome,
  type PasswordResetOutcome,
} from '@/lib/firebase/password-reset';
import { Notice } from '@/components/ui/notice';

type Props = {
  client: FirebaseClient;
  /** The e-mail typed in the login form: the link goes there. */
  email: string;
  disabled?: boolean;
};

type Message = PasswordResetOutcome | 'typeEmail';

/** Sends Firebase's reset e-mail in `locale`; its link leads back here with the sign-in open. */
async function sendResetEmail({ auth, sdk }: FirebaseClient, email: string, locale: string) {
  auth.languageCode = locale;
  await sdk.sendPasswordResetEmail(auth, email, {
    url: `${window.location.origin}/${locale}?login=1`,
  });
}

/**
 * 'Esqueci minha senha': Firebase sends its password reset e-mail, in the page's language, to the
 * address typed above. The answer is the same whether or not that address has an account.
 */
export function PasswordReset({ client, email, disabled = false }: Props) {
  const t = useTranslations('PasswordReset');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const onClick = async () => {
    if (busy) return;
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setMessage('typeEmail');
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await sendResetEmail(client, address, locale);
      setMessage('sent');
    } catch (cause) {
      const outcome = passwordResetOutcome(cause);
      if (outcome !== 'sent') console.error('Password reset e-mail failed:', cause);
      setMessage(outcome);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={() => void onClick()}
        disabled={disabled || busy}
        className="text-sm font-semibold text-cacao-700 underline underline-offset-2 hover:text-cacao-900 disabled:opacity-60 dark:text-cacao-200 dark:hover:text-cacao-50"
      >
        {busy ? t('sending') : t('forgot')}
      </button>
      {message === 'sent' ? (
        <Notice tone="success" size="sm" role="status">
          {t('sent')}
        </Notice>
      ) : message ? (
        <Notice tone="error" size="sm" role="alert">
          {t(message)}
        </Notice>
      ) : null}
    </div>
  );
}
