/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderAccount } from '@/test/render-account';
import { DeferredRestockAlert, DeferredShippingEstimate } from './product-forms';

jest.mock('@/lib/restock/actions', () => ({ requestRestockAlert: jest.fn() }));
// No live read in these tests: the page's word (sold out) stands.
jest.mock('@/components/catalogue/use-live-catalogue', () => ({ useLiveProduct: () => undefined }));
// The session bootstrap of the user store provider: never answers in these tests.
jest.mock('@/lib/session/client', () => ({
  ...jest.requireActual('@/lib/session/client'),
  fetchSessionUser: () => new Promise(() => {}),
}));

// A page rendered in the browser (not hydrated) waits for the forms' code at the nearest boundary.
function renderDeferred() {
  return renderAccount(
    <Suspense fallback={<p>carregando</p>}>
      <DeferredRestockAlert productKey="ovo-pistache" soldOutInPage />
      <DeferredShippingEstimate lines={[{ id: 'ovo-pistache', quantity: 1 }]} />
    </Suspense>,
  );
}

describe('the deferred product forms', () => {
  it('render both forms once their code has come', async () => {
    renderDeferred();
    expect(await screen.findByRole('region', { name: 'Calcular frete' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Avise-me quando chegar' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Seu e-mail' })).toBeVisible();
  });

  it("hand the signed-in shopper's address to 'Avise-me': one tap, no e-mail field", async () => {
    const { store } = renderDeferred();
    const alert = await screen.findByRole('region', { name: 'Avise-me quando chegar' });
    act(() =>
      store.getState().setCurrentUser({ uid: 'u1', email: 'bia@example.com', name: 'Bia' }),
    );
    expect(
      await screen.findByText('Enviaremos um único aviso para bia@example.com.'),
    ).toBeVisible();
    expect(alert).toContainElement(
      screen.getByRole('button', { name: 'Avise-me por e-mail quando chegar' }),
    );
    expect(screen.queryByRole('textbox', { name: 'Seu e-mail' })).toBeNull();
  });
});
