import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ACCOUNT_NAMESPACES, pickMessages } from '@/lib/i18n/client-messages';

/**
 * The account's texts (login form, profile, address, orders) for a page that shows the account
 * itself (/usuario, the order link's sign-in). Other pages get them with the user tab's code.
 */
export async function AccountMessages({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, ACCOUNT_NAMESPACES)}>
      {children}
    </NextIntlClientProvider>
  );
}
