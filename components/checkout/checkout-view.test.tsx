/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useEffect } from 'react';
import { ShopProviders } from '@/components/providers/shop-providers';
import {
  useCartHydrated,
  useCartStore,
  useCartStoreApi,
} from '@/components/providers/cart-store-provider';
import { useUiStoreApi } from '@/components/providers/ui-store-provider';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { catalogueEntries } from '@/lib/catalogue/client-entries';
import { seedProducts } from '@/lib/catalogue/seed';
import { formatDeliveryDay } from '@/lib/delivery/table';
import { CHECKOUT_DRAFT_KEY } from '@/lib/orders/checkout-draft';
import { submitOrder } from '@/lib/orders/client';
import { updateProfile } from '@/lib/session/actions';
import { DEFAULT_ADDRESS } from '@/lib/users/types';
import type { PlaceOrderResult } from '@/lib/orders/checkout-result';
import { CART_STORAGE_KEY, CART_STORAGE_VERSION, type CartStore } from '@/lib/stores/cart-store';
import type { UiStoreApi } from '@/lib/stores/ui-store';
import type { UserStoreApi } from '@/lib/stores/user-store';
import ptBR from '@/messages/pt-BR.json';
import { stubMatchMedia } from '@/test/match-media';
import { CheckoutView } from './checkout-view';
import type { CheckoutUser } from './checkout-form';

const mockPush = jest.fn();
jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => (
    <a href={href}>{children}</a>
  ),
  usePathname: () => '/checkout',
  useRouter: () => ({ push: mockPush, refresh: jest.fn() }),
}));
// Each test decides the answer; by default the real client, over the fetch stand-in below.
jest.mock('@/lib/orders/client', () => ({
  ...jest.requireActual('@/lib/orders/client'),
  submitOrder: jest.fn(),
}));
jest.mock('@/lib/session/actions', () => ({ updateProfile: jest.fn() }));
jest.mock('@/lib/session/client', () => ({
  ...jest.requireActual('@/lib/session/client'),
  // The session request never answers: the tests decide who is signed in.
  fetchSessionUser: () => new Promise(() => {}),
}));

const mockedSubmitOrder = jest.mocked(submitOrder);
const mockedUpdateProfile = jest.mocked(updateProfile);
const messages = ptBR as AbstractIntlMessages;
const PICKUP = { address: 'Rua dos Cacaueiros, 123', hours: ['Segunda a sexta'] };
const SHOPPER: CheckoutUser = {
  uid: 'u1',
  name: 'Maria Silva',
  telephone: '+55 11 91234-5678',
  address: {
    street: 'Avenida Paulista',
    number: '1000',
    extra: 'Apto 42',
    city: 'São Paulo',
    postalCode: '01310-100',
    neighborhood: 'Bela Vista',
    state: 'SP',
  },
};

type Stores = {
  cart: () => CartStore;
  ui: UiStoreApi;
  user: UserStoreApi;
};

function saveCart(lines: { id: string; quantity: number }[]) {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({
      state: {
        cartItems: lines.map((line) => ({
          ...line,
          variant: { key: 'default', name: 'default' },
        })),
      },
      version: CART_STORAGE_VERSION,
    }),
  );
}

function renderCheckout(initialUser: CheckoutUser | null, orderId?: string) {
  const holder: Partial<Stores> & { cartState?: CartStore; started?: boolean } = {};
  function Capture() {
    holder.cartState = useCartStore((store) => store);
    holder.ui = useUiStoreApi();
    holder.user = useUserStoreApi();
    return null;
  }
  /**
   * Stands for the cart's checkout button: the cart gets `orderId` (once the saved cart is read,
   * since a write before would overwrite it), then the page opens.
   */
  function StartedCheckout() {
    const cart = useCartStoreApi();
    const hydrated = useCartHydrated();
    const current = useCartStore((store) => store.orderId);
    useEffect(() => {
      if (orderId && hydrated) cart.setState({ orderId });
    }, [cart, hydrated]);
    if (orderId && current !== orderId && !holder.started) return null;
    holder.started = true;
    return <CheckoutView initialUser={initialUser} pickup={PICKUP} />;
  }
  render(
    <NextIntlClientProvider locale="pt-BR" messages={messages} timeZone="America/Sao_Paulo">
      <ShopProviders entries={catalogueEntries(seedProducts, 'pt-BR')}>
        <Capture />
        <StartedCheckout />
      </ShopProviders>
    </NextIntlClientProvider>,
  );
  return {
    cart: () => holder.cartState as CartStore,
    ui: holder.ui as UiStoreApi,
    user: holder.user as UserStoreApi,
  } satisfies Stores;
}

const confirmButton = () => screen.getByRole('button', { name: /Confirmar pedido|Enviando/ });

/** POST /api/orders answers 503 'temporarily unavailable', as when the backend is down. */
function answerOrdersUnavailable() {
  ordersAnswer = {
    status: 503,
    headers: { 'retry-after': '5' },
    body: { ok: false, error: 'temporarily-unavailable' },
  };
}

/** The form shows the 'temporarily unavailable' message. */
async function expectTemporarilyUnavailable() {
  await waitFor(() =>
    expect(screen.getByTestId('checkout-errors')).toHaveTextContent(
      ptBR.CheckoutErrors.temporarilyUnavailable,
    ),
  );
}

/** The order went out once, naming `day`, and the button is back once its answer came. */
async function expectSentOnceWithDay(day: string) {
  await waitFor(() => expect(mockedSubmitOrder).toHaveBeenCalledTimes(1));
  expect(mockedSubmitOrder.mock.calls[0]?.[0]).toMatchObject({ deliveryDate: day });
  await waitFor(() => expect(confirmButton()).toBeEnabled());
}

beforeAll(stubMatchMedia);

// GET /api/cart/stock, as the live stock read sees it: plenty of everything unless a test says.
let liveStock: Record<string, { stock: number; forSale: boolean }> = {};
/** What POST /api/orders answers, for the tests that go through the real client. */
let ordersAnswer: { status: number; headers: Record<string, string>; body: unknown } | null = null;
/** What GET /api/address/cep/{cep} answers, by CEP ('not-found': 404); 503 (service down) for the others. */
let cepAnswers: Record<string, unknown> = {};
/** What GET /api/delivery/quote answers; null: a shop without a delivery table. */
let quoteDays: { day: string; full: boolean }[] | null = null;
/** GET /api/delivery/quote answers 503 (the backend down). */
let quoteFails = false;
/** While set, GET /api/delivery/quote answers only once it resolves. */
let quoteHeld: Promise<void> | null = null;
/** GET /api/delivery/quote answers that no region delivers to the CEP. */
let quoteOutside = false;
const mockFetch = jest.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/delivery/quote?') && quoteHeld) await quoteHeld;
  if (url.startsWith('/api/delivery/quote?') && quoteFails) {
    return { ok: false, status: 503, json: async () => ({}) } as Response;
  }
  if (url.startsWith('/api/delivery/quote?')) {
    const quote = { configured: quoteDays !== null, outside: quoteOutside, fee: 0, region: null };
    return {
      ok: true,
      status: 200,
      json: async () => ({ ...quote, subtotal: 0, total: 0, days: quoteDays ?? [] }),
    } as Response;
  }
  if (url.startsWith('/api/address/cep/')) {
    const body = cepAnswers[url.split('/').pop() ?? ''];
    if (body === 'not-found') {
      return { ok: false, status: 404, json: async () => ({ error: 'not-found' }) } as Response;
    }
    return {
      ok: Boolean(body),
      status: body ? 200 : 503,
      json: async () => body ?? {},
    } as Response;
  }
  if (url === '/api/orders') {
    if (!ordersAnswer || init?.method !== 'POST') throw new Error('unexpected order request');
    const { status, headers, body } = ordersAnswer;
    return {
      ok: status < 300,
      status,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      json: async () => body,
    } as unknown as Response;
  }
  const keys = new URL(url, 'http://shop.test').searchParams.get('keys')?.split(',') ?? [];
  const stock = Object.fromEntries(
    keys.map((key) => [key, liveStock[key] ?? { stock: 100, forSale: true }]),
  );
  return { ok: true, json: async () => ({ stock }) } as Response;
});

beforeAll(() => {
  globalThis.fetch = mockFetch as unknown as typeof fetch;
});

beforeEach(() => {
  liveStock = {};
  ordersAnswer = null;
  cepAnswers = {};
  quoteDays = null;
  quoteFails = false;
  quoteHeld = null;
  quoteOutside = false;
  mockFetch.mockClear();
  localStorage.clear();
  sessionStorage.clear();
  mockPush.mockReset();
  mockedSubmitOrder.mockReset();
  mockedUpdateProfile.mockReset();
  mockedSubmitOrder.mockImplementation(
    jest.requireActual<typeof import('@/lib/orders/client')>('@/lib/orders/client').submitOrder,
  );
});

describe('CheckoutView', () => {
  it('says so when there is no order in progress', async () => {
    renderCheckout(SHOPPER);
    expect(await screen.findByText(/Nenhum pedido em andamento/)).toBeInTheDocument();
  });

  it('gives a reloaded checkout (cart kept, order id lost) a new order id', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 2 }]);
    const stores = renderCheckout(null);
    const reference = await screen.findByTestId('order-reference');
    expect(reference.textContent).toMatch(/^[0-9A-F]{12}$/);
    expect(stores.cart().orderId).toBe(reference.textContent);
  });

  it('signed out: lists the cart and asks to sign in; once signed in, the form appears', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 2 }]);
    const stores = renderCheckout(null, 'ABCDEF123456');
    expect(await screen.findByText('Mini Ovo')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-line-mini-ovo')).toHaveTextContent(
      '2 unidades de R$ 35,00',
    );
    expect(screen.queryByRole('button', { name: 'Confirmar pedido' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Entrar ou criar uma conta' }));
    expect(stores.ui.getState().userTabOpen).toBe(true);

    act(() => stores.user.getState().setCurrentUser({ ...SHOPPER, email: 'c@x', name: 'C' }));
    expect(await screen.findByRole('button', { name: 'Confirmar pedido' })).toBeInTheDocument();
    expect(stores.ui.getState().userTabOpen).toBe(false);
    expect(stores.cart().cartItems).toHaveLength(1);
    expect(screen.getByTestId('order-reference')).toHaveTextContent('ABCDEF123456');
    expect(screen.getByRole('textbox', { name: 'Rua' })).toHaveValue('Avenida Paulista');
  });

  it('sends once, explains an out-of-stock refusal and changes nothing', async () => {
    saveCart([
      { id: 'ovo-tropical-rio', quantity: 2 },
      { id: 'mini-ovo', quantity: 1 },
    ]);
    let answer: (result: PlaceOrderResult) => void = () => {};
    mockedSubmitOrder.mockImplementation(
      () => new Promise<PlaceOrderResult>((resolve) => (answer = resolve)),
    );
    const stores = renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    expect(screen.getByTestId('pickup-info')).toHaveTextContent('Rua dos Cacaueiros, 123');

    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    await waitFor(() => expect(confirmButton()).toBeDisabled());
    expect(confirmButton()).toHaveTextContent('Enviando pedido…');
    // Sent once the delivery days are known, and only once.
    await waitFor(() => expect(mockedSubmitOrder).toHaveBeenCalledTimes(1));
    expect(mockedSubmitOrder).toHaveBeenCalledWith({
      orderId: 'ABCDEF123456',
      lines: [
        { key: 'ovo-tropical-rio', quantity: 2 },
        { key: 'mini-ovo', quantity: 1 },
      ],
      shippingOption: 'Retirada',
      telephone: '+55 11 91234-5678',
      recipientName: 'Maria Silva',
      locale: 'pt-BR',
    });

    await act(async () =>
      answer({
        ok: false,
        error: 'out-of-stock',
        details: [{ key: 'ovo-tropical-rio', title: 'Ovo Tropical Rio', available: 1 }],
      }),
    );
    expect(await screen.findByTestId('checkout-errors')).toHaveTextContent(
      'Ovo Tropical Rio: temos apenas 1 em estoque.',
    );
    expect(confirmButton()).toBeEnabled();
    expect(stores.cart().cartItems.map((item) => item.quantity)).toEqual([2, 1]);
    expect(stores.cart().orderId).toBe('ABCDEF123456');
    expect(mockPush).not.toHaveBeenCalled();

    // The form has no quantity controls: the message offers the smaller quantity in place.
    fireEvent.click(screen.getByRole('button', { name: 'Reduzir Ovo Tropical Rio para 1' }));
    expect(stores.cart().cartItems.map((item) => item.quantity)).toEqual([1, 1]);
    expect(screen.getByTestId('checkout-line-ovo-tropical-rio')).toHaveTextContent('1 unidade');
    expect(screen.getByTestId('checkout-errors')).toBeEmptyDOMElement();
    // The cart's + stops there too, as after a live read.
    expect(stores.cart().cartItems[0]?.stockInfo).toEqual({ stock: 1 });
  });

  it('sends the first open day once the days are known, pressed before they were', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    quoteDays = [
      { day: '2026-12-01', full: true },
      { day: '2026-12-02', full: false },
    ];
    ordersAnswer = { status: 503, headers: {}, body: { ok: false, error: 'unavailable' } };
    renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    // Pressed at once, while the days for pick-up are still being asked.
    fireEvent.click(confirmButton());
    await expectSentOnceWithDay('2026-12-02');
  });

  it('keeps the last days on screen, disabled, while the days of another choice are asked', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    quoteDays = [{ day: '2026-12-01', full: false }];
    renderCheckout(SHOPPER, 'ABCDEF123456');
    const days = await screen.findByRole('group', { name: ptBR.Checkout.deliveryDayTitle });
    expect(days).toBeEnabled();
    let answer = () => undefined as void;
    quoteHeld = new Promise((resolve) => (answer = resolve));
    quoteDays = [{ day: '2026-12-02', full: false }];
    fireEvent.click(screen.getByRole('radio', { name: /^Retirada/ }));
    // The same place on the page, the pick-up title, nothing to choose until the days arrive.
    const asking = screen.getByTestId('delivery-days');
    expect(asking).toHaveAccessibleName(ptBR.Checkout.pickupDayTitle);
    expect(asking).toBeDisabled();
    expect(asking).toHaveAttribute('aria-busy', 'true');
    // No day of the earlier list is promised, on the picker or in the summary.
    expect(screen.queryByRole('radio', { checked: true, name: /dez/ })).toBeNull();
    expect(screen.getByTestId('summary-day')).toHaveTextContent('—');
    // Pressed now: the order waits for the new days and goes with the first open one.
    ordersAnswer = { status: 503, headers: {}, body: { ok: false, error: 'unavailable' } };
    fireEvent.click(confirmButton());
    answer();
    await expectSentOnceWithDay('2026-12-02');
    expect(screen.getByTestId('delivery-days')).toBeEnabled();
    expect(screen.getByTestId('delivery-days')).toHaveAttribute('aria-busy', 'false');
    expect(
      screen.getByRole('radio', { name: formatDeliveryDay('2026-12-02', 'pt-BR') }),
    ).toBeChecked();
  });

  it('says once that there is no delivery to a CEP the server refused after the days were shown', async () => {
    // The table changed under the shopper: the days were quoted, then the order was refused.
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    quoteDays = [{ day: '2026-12-01', full: false }];
    renderCheckout(SHOPPER, 'ABCDEF123456');
    await screen.findByRole('group', { name: ptBR.Checkout.deliveryDayTitle });
    ordersAnswer = { status: 400, headers: {}, body: { ok: false, error: 'delivery-outside' } };
    quoteOutside = true;
    fireEvent.click(confirmButton());
    await waitFor(() => expect(mockedSubmitOrder).toHaveBeenCalledTimes(1));
    // The refusal asks for the days again; their answer puts up the notice, the one message.
    expect(await screen.findByTestId('delivery-outside')).toHaveTextContent(
      ptBR.Checkout.deliveryOutside,
    );
    expect(screen.queryByText(ptBR.CheckoutErrors.deliveryOutside)).toBeNull();
    expect(screen.getByTestId('checkout-errors')).toBeEmptyDOMElement();
  });

  it('sends nothing while every day offered is full, and says so', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    quoteDays = [{ day: '2026-12-01', full: true }];
    renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    expect(await screen.findByTestId('delivery-days')).toHaveTextContent(
      ptBR.CheckoutErrors.deliveryNoDays,
    );
    fireEvent.click(confirmButton());
    // Focus moves to the day picker, whose description says why.
    await waitFor(() => expect(screen.getByTestId('delivery-days')).toHaveFocus());
    expect(screen.getByTestId('delivery-days')).toHaveAccessibleDescription(
      ptBR.CheckoutErrors.deliveryNoDays,
    );
    expect(confirmButton()).toBeEnabled();
    expect(mockedSubmitOrder).not.toHaveBeenCalled();
  });

  it('offers to remove a sold-out line the server refused, in place', async () => {
    saveCart([
      { id: 'ovo-tropical-rio', quantity: 1 },
      { id: 'mini-ovo', quantity: 1 },
    ]);
    mockedSubmitOrder.mockResolvedValue({
      ok: false,
      error: 'out-of-stock',
      details: [{ key: 'mini-ovo', title: 'Mini Ovo', available: 0 }],
    });
    const stores = renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    fireEvent.click(confirmButton());
    await waitFor(() =>
      expect(screen.getByTestId('checkout-errors')).toHaveTextContent(
        'Mini Ovo esgotou. Retire-o do pedido para continuar.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remover Mini Ovo do pedido' }));
    expect(stores.cart().cartItems.map((item) => item.id)).toEqual(['ovo-tropical-rio']);
    expect(screen.getByTestId('checkout-errors')).toBeEmptyDOMElement();
  });

  it('names each line that cannot be bought, offers to remove it, and never says the list is empty', async () => {
    saveCart([
      { id: 'mini-ovo', quantity: 2 },
      { id: 'ovo-pistache', quantity: 1 },
    ]);
    liveStock = {
      'mini-ovo': { stock: 0, forSale: true },
      'ovo-pistache': { stock: 9, forSale: false },
    };
    const stores = renderCheckout(SHOPPER);
    const notice = await screen.findByTestId('checkout-unavailable');
    expect(notice).toHaveTextContent('2 itens da sua lista não podem ser pedidos agora:');
    expect(screen.getByTestId('checkout-unavailable-mini-ovo')).toHaveTextContent(
      'Mini Ovo esgotou e fica fora do pedido.',
    );
    expect(screen.getByTestId('checkout-unavailable-ovo-pistache')).toHaveTextContent(
      'Ovo Pistache não está à venda no momento e fica fora do pedido.',
    );
    expect(screen.queryByText(/Nenhum pedido em andamento/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirmar pedido' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remover Mini Ovo da lista' }));
    expect(stores.cart().cartItems.map((item) => item.id)).toEqual(['ovo-pistache']);
    expect(screen.getByTestId('checkout-unavailable')).toHaveTextContent(
      'Um item da sua lista não pode ser pedido agora:',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remover Ovo Pistache da lista' }));
    // Now the list is empty for real.
    expect(await screen.findByText(/Nenhum pedido em andamento/)).toBeInTheDocument();
  });

  it('keeps what was typed, the receiving choice, the day and the reference over a reload of the tab; the CPF in no storage', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    quoteDays = [
      { day: '2026-11-30', full: false },
      { day: '2026-12-02', full: false },
    ];
    const stores = renderCheckout(SHOPPER);
    const street = await screen.findByRole('textbox', { name: 'Rua' });
    const reference = screen.getByTestId('order-reference').textContent;
    expect(reference).toMatch(/^[0-9A-F]{12}$/);
    fireEvent.change(street, { target: { value: 'Rua das Flores' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'CPF (opcional)' }), {
      target: { value: '529.982.247-25' },
    });
    const wednesday = formatDeliveryDay('2026-12-02', 'pt-BR');
    fireEvent.click(await screen.findByRole('radio', { name: wednesday }));
    fireEvent.click(screen.getByRole('radio', { name: /^Retirada/ }));
    expect(stores.cart().orderId).toBe(reference);
    const stored = () =>
      [localStorage, sessionStorage].flatMap((storage) =>
        Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index)!)),
      );
    expect(stored().join('\n')).toContain('Rua das Flores');
    for (const value of stored()) expect(value?.replace(/\D/g, '')).not.toContain('52998224725');
    expect(document.cookie).not.toContain('529');

    // A reload: the page and its stores start again, the tab's storage stays.
    cleanup();
    renderCheckout(SHOPPER);
    expect(await screen.findByRole('radio', { name: /^Retirada/ })).toBeChecked();
    expect(screen.getByTestId('order-reference')).toHaveTextContent(reference ?? '');
    // The day chosen, not the first open one.
    expect(await screen.findByRole('radio', { name: wednesday })).toBeChecked();
    // The CPF was kept in no storage: it is asked again.
    expect(screen.getByRole('textbox', { name: 'CPF (opcional)' })).toHaveValue('');
    fireEvent.click(screen.getByRole('radio', { name: /^Entrega/ }));
    expect(screen.getByRole('textbox', { name: 'Rua' })).toHaveValue('Rua das Flores');

    // Another account signing in in the same tab starts from its own profile and the first day.
    cleanup();
    renderCheckout({ ...SHOPPER, uid: 'someone-else' });
    expect(await screen.findByRole('textbox', { name: 'Rua' })).toHaveValue('Avenida Paulista');
    expect(screen.getByRole('textbox', { name: 'CPF (opcional)' })).toHaveValue('');
    expect(screen.getByTestId('order-reference')).toHaveTextContent(reference ?? '');
    expect(
      await screen.findByRole('radio', { name: formatDeliveryDay('2026-11-30', 'pt-BR') }),
    ).toBeChecked();
  });

  it('forgets the draft once the order is placed', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    mockedSubmitOrder.mockResolvedValue({
      ok: true,
      orderId: 'ABCDEF123456',
      payment: { mode: 'manual' },
    });
    renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Rua' }), {
      target: { value: 'Rua das Flores' },
    });
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toContain('Rua das Flores');
    fireEvent.click(confirmButton());
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/checkout/ABCDEF123456'));
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });

  it('explains a 429 from POST /api/orders with its Retry-After, and keeps the cart', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    ordersAnswer = {
      status: 429,
      headers: { 'retry-after': '12' },
      body: { ok: false, error: 'rate-limited', retryAfterSeconds: 12 },
    };
    const stores = renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    fireEvent.click(confirmButton());
    await waitFor(() =>
      expect(screen.getByTestId('checkout-errors')).toHaveTextContent(
        'Muitos pedidos em pouco tempo. Nada foi salvo: tente de novo em 12 segundos.',
      ),
    );
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    const [url, init] = mockFetch.mock.calls.find(([called]) => called === '/api/orders') ?? [];
    expect(url).toBe('/api/orders');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      orderId: 'ABCDEF123456',
      lines: [{ key: 'mini-ovo', quantity: 1 }],
    });
    expect(stores.cart().cartItems).toHaveLength(1);
    expect(stores.cart().orderId).toBe('ABCDEF123456');
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('explains a 503 from POST /api/orders as temporarily unavailable', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    answerOrdersUnavailable();
    renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    fireEvent.click(confirmButton());
    await expectTemporarilyUnavailable();
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('asks again for days that failed when pressed, and sends the first open day', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    quoteDays = [{ day: '2026-12-02', full: false }];
    // The days fail while the backend is down; it is back when 'Confirmar pedido' is pressed.
    quoteFails = true;
    ordersAnswer = { status: 503, headers: {}, body: { ok: false, error: 'unavailable' } };
    renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    expect(await screen.findByText(ptBR.Checkout.quoteUnavailable)).toBeVisible();
    quoteFails = false;
    fireEvent.click(confirmButton());
    await expectSentOnceWithDay('2026-12-02');
  });

  it('sends the order without a day when the days could not be asked: the server answers', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    quoteFails = true;
    answerOrdersUnavailable();
    renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    expect(await screen.findByText(ptBR.Checkout.quoteUnavailable)).toBeVisible();
    fireEvent.click(confirmButton());
    await expectTemporarilyUnavailable();
    expect(mockedSubmitOrder.mock.calls[0]?.[0]).not.toHaveProperty('deliveryDate');
  });

  it('places one order when two submits arrive before React re-renders the disabled button', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    mockedSubmitOrder.mockImplementation(() => new Promise<PlaceOrderResult>(() => {}));
    renderCheckout(SHOPPER, 'ABCDEF123456');
    const form = (await screen.findByRole('button', { name: 'Confirmar pedido' })).closest('form');
    // Both events land in one batch: the second submit still sees the enabled button and the
    // form's state from before the first one.
    act(() => {
      fireEvent.submit(form as HTMLFormElement);
      fireEvent.submit(form as HTMLFormElement);
    });
    await waitFor(() => expect(confirmButton()).toBeDisabled());
    expect(mockedSubmitOrder).toHaveBeenCalledTimes(1);
  });

  it('caps the cart to the live stock and leaves sold-out and withdrawn lines out of the order', async () => {
    saveCart([
      { id: 'ovo-tropical-rio', quantity: 5 },
      { id: 'mini-ovo', quantity: 1 },
      { id: 'ovo-pistache', quantity: 1 },
    ]);
    liveStock = {
      'ovo-tropical-rio': { stock: 2, forSale: true },
      'mini-ovo': { stock: 0, forSale: true },
      'ovo-pistache': { stock: 9, forSale: false },
    };
    mockedSubmitOrder.mockImplementation(() => new Promise<PlaceOrderResult>(() => undefined));
    const stores = renderCheckout(SHOPPER, 'ABCDEF123456');
    expect(mockFetch).toHaveBeenCalledWith(
      '/api/cart/stock?keys=mini-ovo%2Covo-pistache%2Covo-tropical-rio',
      expect.anything(),
    );
    await waitFor(() =>
      expect(screen.getByTestId('checkout-line-ovo-tropical-rio')).toHaveTextContent('2 unidades'),
    );
    expect(screen.queryByTestId('checkout-line-mini-ovo')).toBeNull();
    expect(screen.queryByTestId('checkout-line-ovo-pistache')).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: /^Retirada/ }));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(mockedSubmitOrder).toHaveBeenCalledTimes(1));
    expect((mockedSubmitOrder.mock.calls[0]?.[0] as { lines: unknown }).lines).toEqual([
      { key: 'ovo-tropical-rio', quantity: 2 },
    ]);
    // Still in the cart, marked, for the shopper to remove or wait for.
    expect(stores.cart().cartItems.map((item) => [item.id, item.stockInfo?.blocked])).toEqual([
      ['ovo-tropical-rio', undefined],
      ['mini-ovo', 'soldOut'],
      ['ovo-pistache', 'withdrawn'],
    ]);
    expect(stores.cart().cartTotal).toBe(2 * 9000);
  });

  it('once placed: orders need an update, the cart and order id are cleared, the confirmation opens', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 2 }]);
    mockedSubmitOrder.mockResolvedValue({
      ok: true,
      orderId: 'ABCDEF123456',
      payment: { mode: 'manual' },
    });
    const stores = renderCheckout(SHOPPER, 'ABCDEF123456');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar pedido' }));

    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/checkout/ABCDEF123456'));
    expect(stores.user.getState().ordersNeedUpdate).toBe(true);
    expect(stores.cart().cartItems).toEqual([]);
    expect(stores.cart().orderId).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Pedido feito! Abrindo a confirmação…');
    expect(mockedSubmitOrder.mock.calls[0]?.[0]).toMatchObject({
      shippingOption: 'Entrega',
      address: { street: 'Avenida Paulista', postalCode: '01310-100' },
    });
  });

  it("offers 'Salvar este endereço no meu perfil', ticked only while the profile has no address", async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    mockedSubmitOrder.mockResolvedValue({
      ok: true,
      orderId: 'ABCDEF123456',
      payment: { mode: 'manual' },
    });
    mockedUpdateProfile.mockResolvedValue({
      ok: true,
      profile: { name: 'Nova Cliente', telephone: null, address: null },
    });
    const newcomer = {
      uid: 'u3',
      name: 'No name',
      telephone: null,
      // What a new account is stored with.
      address: DEFAULT_ADDRESS,
    };
    renderCheckout(newcomer, 'ABCDEF123456');
    const box = await screen.findByRole('checkbox', { name: 'Salvar este endereço no meu perfil' });
    expect(box).toBeChecked();
    // The placeholders are no values.
    expect(screen.getByRole('textbox', { name: 'Rua' })).toHaveValue('');
    fireEvent.click(screen.getByRole('radio', { name: /Retirada/ }));
    expect(
      screen.getByRole('checkbox', { name: 'Salvar este telefone no meu perfil' }),
    ).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /Entrega/ }));
    const fill = (name: string, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    fill('Rua', 'Rua Nova');
    fill('Número', '12');
    fill('Cidade', 'Recife');
    fill('Bairro', 'Boa Vista');
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado (UF)' }), {
      target: { value: 'PE' },
    });
    fill('CEP', '50000000');
    fill('Telefone para contato', '81987654321');
    fill('Seu nome completo', 'Nova Cliente');
    fireEvent.click(confirmButton());
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/checkout/ABCDEF123456'));
    expect(mockedUpdateProfile).toHaveBeenCalledWith({ name: 'Nova Cliente' });
    expect(mockedSubmitOrder.mock.calls[0]?.[0]).toMatchObject({
      address: {
        street: 'Rua Nova',
        extra: '',
        postalCode: '50000-000',
        neighborhood: 'Boa Vista',
        state: 'PE',
      },
      saveToProfile: true,
    });
  });

  it('leaves the box unticked for a saved address, and then asks nothing', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    mockedSubmitOrder.mockResolvedValue({
      ok: true,
      orderId: 'ABCDEF123456',
      payment: { mode: 'manual' },
    });
    renderCheckout(SHOPPER, 'ABCDEF123456');
    const box = await screen.findByRole('checkbox', { name: 'Salvar este endereço no meu perfil' });
    expect(box).not.toBeChecked();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(mockedSubmitOrder).toHaveBeenCalled());
    expect(mockedSubmitOrder.mock.calls[0]?.[0]).not.toHaveProperty('saveToProfile');
  });

  it('fills street, bairro, city and UF from the CEP, never over what the shopper typed; a CEP not found or not answered says so and clears what the last one filled', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    cepAnswers['30130005'] = {
      address: {
        street: 'Avenida Afonso Pena',
        neighborhood: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG',
      },
    };
    cepAnswers['22041001'] = 'not-found';
    renderCheckout(SHOPPER, 'ABCDEF123456');
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    const street = screen.getByRole('textbox', { name: 'Rua' });
    const bairro = screen.getByRole('textbox', { name: 'Bairro' });
    const city = screen.getByRole('textbox', { name: 'Cidade' });
    const uf = screen.getByRole('combobox', { name: 'Estado (UF)' });
    const filled = /Preenchemos rua, bairro, cidade e estado pelo CEP/;
    // The shopper types the bairro first; the saved profile prefilled the rest.
    fireEvent.change(bairro, { target: { value: 'Funcionários' } });
    // Eight digits typed without the hyphen get it.
    fireEvent.change(cep, { target: { value: '30130005' } });
    expect(cep).toHaveValue('30130-005');
    await waitFor(() => expect(street).toHaveValue('Avenida Afonso Pena'));
    expect(city).toHaveValue('Belo Horizonte');
    expect(uf).toHaveValue('MG');
    expect(bairro).toHaveValue('Funcionários');
    expect(screen.getByText(filled)).toBeInTheDocument();

    // A CEP the service does not know: said under the field; what the last CEP filled goes.
    fireEvent.change(cep, { target: { value: '22041001' } });
    await waitFor(() => expect(cep).toHaveAccessibleDescription(/Não encontramos este CEP/));
    expect(street).toHaveValue('');
    expect(city).toHaveValue('');
    expect(uf).toHaveValue('');
    expect(bairro).toHaveValue('Funcionários');
    expect(screen.queryByText(filled)).not.toBeInTheDocument();

    // The street typed by hand stays; the service down for the next CEP says so, another message.
    fireEvent.change(cep, { target: { value: '30130-005' } });
    await waitFor(() => expect(city).toHaveValue('Belo Horizonte'));
    fireEvent.change(street, { target: { value: 'Rua Minha' } });
    fireEvent.change(cep, { target: { value: '40020-000' } });
    await waitFor(() =>
      expect(cep).toHaveAccessibleDescription(/Não foi possível consultar o CEP/),
    );
    expect(street).toHaveValue('Rua Minha');
    expect(city).toHaveValue('');
    expect(uf).toHaveValue('');
    expect(screen.queryByText(/Não encontramos este CEP/)).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-errors')).toBeEmptyDOMElement();
    // An incomplete CEP asks nothing, and the message about the last one goes.
    const asked = mockFetch.mock.calls.length;
    fireEvent.change(cep, { target: { value: '4002' } });
    await act(async () => {});
    expect(mockFetch.mock.calls.length).toBe(asked);
    expect(screen.queryByText(/Não foi possível consultar o CEP/)).not.toBeInTheDocument();
  });

  it("sends the recipient's name, the shopper's own to start with and another for a gift", async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    answerOrdersUnavailable();
    renderCheckout(SHOPPER, 'ABCDEF123456');
    const recipient = await screen.findByRole('textbox', { name: 'Nome de quem recebe' });
    expect(recipient).toHaveValue('Maria Silva');
    // A named account is not asked for its own name.
    expect(screen.queryByRole('textbox', { name: 'Seu nome completo' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /^Retirada/ }));
    // An emptied recipient is refused in place.
    fireEvent.change(recipient, { target: { value: ' ' } });
    fireEvent.click(confirmButton());
    expect(recipient).toHaveFocus();
    expect(recipient).toHaveAccessibleDescription(/Preencha este campo/);
    expect(mockedSubmitOrder).not.toHaveBeenCalled();
    fireEvent.change(recipient, { target: { value: '  Dona Lúcia Ramos ' } });
    expect(screen.getByTestId('summary-recipient')).toHaveTextContent('Dona Lúcia Ramos');
    fireEvent.click(confirmButton());
    await expectTemporarilyUnavailable();
    expect(mockedSubmitOrder.mock.calls[0]?.[0]).toMatchObject({
      recipientName: 'Dona Lúcia Ramos',
    });
    expect(mockedUpdateProfile).not.toHaveBeenCalled();
  });

  it('asks an account without a name for it once, saves it to the profile, then sends the order', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    answerOrdersUnavailable();
    mockedUpdateProfile.mockResolvedValue({
      ok: true,
      profile: { name: 'João Souza', telephone: null, address: null },
    });
    renderCheckout({ ...SHOPPER, name: 'No name' }, 'ABCDEF123456');
    const own = await screen.findByRole('textbox', { name: 'Seu nome completo' });
    const recipient = screen.getByRole('textbox', { name: 'Nome de quem recebe' });
    expect(own).toHaveValue('');
    expect(recipient).toHaveValue('');
    fireEvent.click(screen.getByRole('radio', { name: /^Retirada/ }));
    fireEvent.click(confirmButton());
    expect(own).toHaveFocus();
    expect(mockedSubmitOrder).not.toHaveBeenCalled();
    // The recipient follows the shopper's own name while it is the same.
    fireEvent.change(own, { target: { value: 'João Souza' } });
    expect(recipient).toHaveValue('João Souza');
    fireEvent.click(confirmButton());
    await expectTemporarilyUnavailable();
    expect(mockedUpdateProfile).toHaveBeenCalledWith({ name: 'João Souza' });
    expect(mockedUpdateProfile.mock.invocationCallOrder[0]).toBeLessThan(
      mockedSubmitOrder.mock.invocationCallOrder[0]!,
    );
    expect(mockedSubmitOrder.mock.calls[0]?.[0]).toMatchObject({ recipientName: 'João Souza' });
  });

  it('shows inline messages and sends nothing while a field is invalid', async () => {
    saveCart([{ id: 'mini-ovo', quantity: 1 }]);
    renderCheckout({ uid: 'u2', telephone: null, address: null }, 'ABCDEF123456');
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    fireEvent.change(cep, { target: { value: '1234' } });
    fireEvent.blur(cep);
    expect(screen.getByText('Informe o CEP no formato 00000-000.')).toBeInTheDocument();
    expect(cep).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(confirmButton());
    expect(screen.getByTestId('checkout-errors')).toHaveTextContent(
      'Confira os campos destacados.',
    );
    // The first invalid field (the CEP, first of the address: typing it fills the rest) gets
    // the focus.
    expect(cep).toHaveFocus();
    expect(screen.getAllByText('Preencha este campo.').length).toBeGreaterThan(0);
    expect(mockedSubmitOrder).not.toHaveBeenCalled();
  });

  it('gets a stored cart above the fair-stock limit of a product at the limit', async () => {
    // The cart store holds what it restores to HOLD_LIMITS (lib/stores/cart-store.ts), so the
    // checkout never starts above them: 5 Mini Ovos, no refusal to explain.
    saveCart([{ id: 'mini-ovo', quantity: 6 }]);
    renderCheckout(SHOPPER, 'ABCDEF123456');
    expect(await screen.findByTestId('checkout-line-mini-ovo')).toHaveTextContent(
      '5 unidades de R$ 35,00',
    );
    expect(screen.queryByText(/no máximo 5 unidades por cliente/)).not.toBeInTheDocument();
  });
});
