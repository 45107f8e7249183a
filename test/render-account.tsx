// Rendering helpers for the account components' tests: pt-BR messages and the user store.
import { render } from '@testing-library/react';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import type { ReactElement } from 'react';
import { CatalogueProvider } from '@/components/providers/catalogue-provider';
import { UserStoreProvider, useUserStoreApi } from '@/components/providers/user-store-provider';
import { catalogueEntries } from '@/lib/catalogue/client-entries';
import { seedProducts } from '@/lib/catalogue/seed';
import ptBR from '@/messages/pt-BR.json';
import type { UserStoreApi } from '@/lib/stores/user-store';

// The app's message types are en.json's literal strings; pt-BR holds other strings.
const messages = ptBR as AbstractIntlMessages;
const entries = catalogueEntries(seedProducts, 'pt-BR');

/** Renders `ui` in pt-BR with the catalogue, inside a fresh user store; returns that store too. */
export function renderAccount(ui: ReactElement) {
  const holder: { store: UserStoreApi | null } = { store: null };
  function Capture() {
    holder.store = useUserStoreApi();
    return null;
  }
  const wrap = (node: ReactElement) => (
    <NextIntlClientProvider locale="pt-BR" messages={messages} timeZone="America/Sao_Paulo">
      <CatalogueProvider entries={entries}>
        <UserStoreProvider>
          <Capture />
          {node}
        </UserStoreProvider>
      </CatalogueProvider>
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
