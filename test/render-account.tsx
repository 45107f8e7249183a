// Rendering helpers for the account components' tests: pt-BR messages and the user store.
import { render } from '@testing-library/react';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import type { ReactElement } from 'react';
import { UserStoreProvider, useUserStoreApi } from '@/components/providers/user-store-provider';
import ptBR from '@/messages/pt-BR.json';
import type { UserStoreApi } from '@/lib/stores/user-store';

// The app's message types are en.json's literal strings; pt-BR holds other strings.
const messages = ptBR as AbstractIntlMessages;

/** Renders `ui` in pt-BR inside a fresh user store; returns that store too. */
export function renderAccount(ui: ReactElement) {
  const holder: { store: UserStoreApi | null } = { store: null };
  function Capture() {
    holder.store = useUserStoreApi();
    return null;
  }
  const wrap = (node: ReactElement) => (
    <NextIntlClientProvider locale="pt-BR" messages={messages} timeZone="America/Sao_Paulo">
      <UserStoreProvider>
        <Capture />
        {node}
      </UserStoreProvider>
    </NextIntlClientProvider>
  );
  const result = render(wrap(ui));
  if (!holder.store) throw new Error('user store not captured');
  return {
    ...result,
    store: holder.store,
    /** Renders a new `ui` in the same providers (and so the same store). */
    rerender: (next: ReactElement) => result.rerender(wrap(next)),
  };
}
