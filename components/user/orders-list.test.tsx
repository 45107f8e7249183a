/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getMyOrders } from '@/lib/orders/actions';
import { EMPTY_STATUS_FLAGS } from '@/lib/orders/status';
import type { Order } from '@/lib/orders/types';
import { OrdersList } from './orders-list';
import { renderAccount } from '@/test/render-account';

jest.mock('@/lib/orders/actions', () => ({ getMyOrders: jest.fn() }));
jest.mock('@/lib/session/client', () => ({
  ...jest.requireActual('@/lib/session/client'),
  fetchSessionUser: () => new Promise(() => {}),
}));

const mockedGetMyOrders = jest.mocked(getMyOrders);

const order = (
  n: number,
  status: Partial<Order['status']>,
  shippingOption: Order['shippingOption'],
) =>
  ({
    orderId: `order-${n}`,
    orderDate: `2026-0${n}-10T13:30:00.000Z`,
    clientRef: 'u1',
    orderItems: [{ translatedTitle: `Item ${n}`, quantity: n, value: 4000 }],
    status: { ...EMPTY_STATUS_FLAGS, ...status },
    shippingOption,
    total: 4000 * n,
  }) satisfies Order;

const orders = [
  order(1, {}, 'Retirada'),
  order(2, { confirmed: true }, 'Entrega'),
  order(3, { inProduction: true }, 'Entrega'),
  order(4, { delivered: true }, 'Retirada'),
  order(5, { cancelled: true }, 'Entrega'),
];

/** What GET /api/orders/changes answers (the live status poll); signed out unless a test says. */
const mockedFetch = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
const answerStatuses = (statuses: { orderId: string; status: string }[]) =>
  mockedFetch.mockResolvedValue({
    ok: true,
    json: async () => ({ orders: statuses }),
  } as Response);

beforeEach(() => {
  mockedGetMyOrders.mockReset();
  mockedFetch.mockReset().mockResolvedValue({ ok: false, status: 401 } as Response);
  global.fetch = mockedFetch as typeof fetch;
});

describe('OrdersList', () => {
  it('shows the 3 most recent first and all 5 with the toggle', () => {
    renderAccount(<OrdersList initialOrders={orders} />);
    const titles = () => screen.getAllByTestId('order').map((li) => li.textContent ?? '');
    expect(titles()).toHaveLength(3);
    expect(titles()[0]).toContain('Pedido order-5');
    expect(titles()[0]).toContain('Cancelado');
    expect(titles()[2]).toContain('Pedido order-3');
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos os pedidos' }));
    expect(titles()).toHaveLength(5);
    expect(titles()[4]).toContain('Aguardando Aprovação');
    fireEvent.click(screen.getByRole('button', { name: 'Ver pedidos recentes' }));
    expect(titles()).toHaveLength(3);
    expect(mockedGetMyOrders).not.toHaveBeenCalled();
  });

  it('has no toggle with 3 orders or fewer', () => {
    renderAccount(<OrdersList initialOrders={orders.slice(0, 3)} />);
    expect(screen.getAllByTestId('order')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Ver todos os pedidos' })).toBeNull();
  });

  it('expands an order to its items and receiving method', () => {
    renderAccount(<OrdersList initialOrders={orders} />);
    const toggle = screen.getByRole('button', { name: /^Pedido order-4/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const details = within(panel as HTMLElement);
    expect(details.getByText('Retirada')).toBeInTheDocument();
    // 4 × R$ 40,00: the line shows its total, R$ 160,00, as does the order's total.
    const line = details.getByText(/Item 4/).closest('li') as HTMLElement;
    expect(line).toHaveTextContent('4 × Item 4R$ 160,00');
    expect(details.getAllByText('R$ 160,00')).toHaveLength(2);
    const link = screen.getByRole('link', { name: /pedido order-4 no WhatsApp/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toContain(encodeURIComponent('pedido número order-4'));
  });

  it('links every order to its page, named by its number', () => {
    renderAccount(<OrdersList initialOrders={orders} />);
    const link = screen.getByRole('link', { name: 'Ver pedido order-4' });
    expect(link.getAttribute('href')).toMatch(/\/checkout\/order-4$/);
    expect(link).toHaveTextContent('Ver pedido');
    expect(screen.getAllByRole('link', { name: /^Ver pedido / })).toHaveLength(3);
  });

  it('offers to pay only the orders the server says wait for an online payment, on their page', () => {
    const unpaid = { ...order(6, {}, 'Retirada'), payOnline: true };
    renderAccount(<OrdersList initialOrders={[unpaid, ...orders]} />);
    const pay = screen.getByRole('link', { name: 'Pagar o pedido order-6' });
    expect(pay).toHaveTextContent('Pagar');
    expect(pay.getAttribute('href')).toMatch(/\/checkout\/order-6#pagamento$/);
    expect(screen.getAllByRole('link', { name: /^Pagar / })).toHaveLength(1);
  });

  it('offers to cancel an open order only, after a confirm step, and reads the orders again', async () => {
    const { store } = renderAccount(<OrdersList initialOrders={orders} />);
    act(() => store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', name: 'A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos os pedidos' }));
    // order-1 awaits approval; the others are confirmed, in production, delivered, cancelled.
    expect(screen.getAllByRole('button', { name: /^Cancelar pedido / })).toHaveLength(1);
    mockedGetMyOrders.mockResolvedValue({
      ok: true,
      orders: [{ ...orders[0]!, status: { ...EMPTY_STATUS_FLAGS, cancelled: true } }],
    });
    mockedFetch.mockImplementation(async (url) =>
      String(url) === '/api/orders/cancel'
        ? ({
            ok: true,
            status: 200,
            json: async () => ({ ok: true, orderId: 'order-1', stockReturned: true }),
          } as Response)
        : ({ ok: false, status: 401 } as Response),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido order-1' }));
    expect(
      screen.getByText(/^Cancelar o pedido order-1\? Os itens voltam ao estoque/),
    ).toBeVisible();
    const cancelCalls = () =>
      mockedFetch.mock.calls.filter(([url]) => String(url) === '/api/orders/cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Não, manter' }));
    expect(cancelCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido order-1' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sim, cancelar' }));
    });
    expect(cancelCalls()).toHaveLength(1);
    expect(JSON.parse(String(cancelCalls()[0]![1]?.body))).toEqual({ orderId: 'order-1' });
    await waitFor(() => expect(mockedGetMyOrders).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Cancelar pedido / })).toBeNull(),
    );
  });

  it('says a backend fault plainly when the cancel answers 503', async () => {
    renderAccount(<OrdersList initialOrders={[orders[0]!]} />);
    mockedFetch.mockImplementation(async (url) =>
      String(url) === '/api/orders/cancel'
        ? ({
            ok: false,
            status: 503,
            json: async () => ({ ok: false, error: 'temporarily-unavailable' }),
          } as Response)
        : ({ ok: false, status: 401 } as Response),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido order-1' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sim, cancelar' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/temporariamente indisponível/);
    expect(screen.getByRole('button', { name: 'Cancelar pedido order-1' })).toBeEnabled();
  });

  it("names each item in the viewer's language from the catalogue, by the stored key", () => {
    const placedInEnglish = {
      ...order(6, {}, 'Entrega'),
      orderItems: [
        { key: 'ovo-tropical-rio', translatedTitle: 'Tropical Rio Egg', quantity: 1, value: 9000 },
        { key: 'ovo-retirado', translatedTitle: 'Retired Egg', quantity: 1, value: 5000 },
      ],
    } satisfies Order;
    renderAccount(<OrdersList initialOrders={[placedInEnglish]} />);
    fireEvent.click(screen.getByRole('button', { name: /^Pedido order-6/ }));
    expect(screen.getByText('1 × Ovo Tropical Rio')).toBeInTheDocument();
    expect(screen.queryByText(/Tropical Rio Egg/)).toBeNull();
    // A key no longer in the catalogue keeps the title stored with the order.
    expect(screen.getByText('1 × Retired Egg')).toBeInTheDocument();
  });

  it('fetches its own orders only once active', async () => {
    mockedGetMyOrders.mockResolvedValue({ ok: true, orders: orders.slice(0, 1) });
    const { rerender } = renderAccount(<OrdersList active={false} />);
    expect(mockedGetMyOrders).not.toHaveBeenCalled();
    rerender(<OrdersList active />);
    expect(await screen.findByText('Pedido order-1')).toBeInTheDocument();
    expect(mockedGetMyOrders).toHaveBeenCalledTimes(1);
  });

  it('refetches and resets the flag when ordersNeedUpdate is set for a signed-in user', async () => {
    mockedGetMyOrders.mockResolvedValue({ ok: true, orders });
    const { store } = renderAccount(<OrdersList initialOrders={orders.slice(0, 1)} />);
    expect(screen.getAllByTestId('order')).toHaveLength(1);
    act(() => store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', name: 'A' }));
    act(() => store.getState().setOrdersNeedUpdate(true));
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(3));
    expect(mockedGetMyOrders).toHaveBeenCalledTimes(1);
    expect(store.getState().ordersNeedUpdate).toBe(false);
  });

  it('reports a failed first load with a retry', async () => {
    mockedGetMyOrders.mockResolvedValueOnce({ ok: false, error: 'unauthenticated' });
    mockedGetMyOrders.mockResolvedValueOnce({ ok: true, orders: [] });
    renderAccount(<OrdersList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Você ainda não fez nenhum pedido.')).toBeInTheDocument();
  });

  it("refetches when the server reports another status for one of the shopper's open orders", async () => {
    // order-1 is shown awaiting approval; the admin has confirmed it since.
    answerStatuses([
      { orderId: 'order-1', status: 'confirmed' },
      { orderId: 'order-2', status: 'confirmed' },
      { orderId: 'order-3', status: 'inProduction' },
    ]);
    mockedGetMyOrders.mockResolvedValue({
      ok: true,
      orders: [order(1, { confirmed: true }, 'Retirada'), ...orders.slice(1)],
    });
    const { store } = renderAccount(<OrdersList initialOrders={orders} />);
    act(() => store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', name: 'A' }));
    await waitFor(() => expect(mockedGetMyOrders).toHaveBeenCalledTimes(1));
    expect(mockedFetch).toHaveBeenCalledWith('/api/orders/changes', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos os pedidos' }));
    const first = screen.getAllByTestId('order')[4];
    await waitFor(() => expect(first).toHaveTextContent('Confirmado'));
  });

  it('does not refetch while the open orders keep the statuses shown', async () => {
    answerStatuses([
      { orderId: 'order-3', status: 'inProduction' },
      { orderId: 'order-1', status: 'awaitingApproval' },
      { orderId: 'order-2', status: 'confirmed' },
    ]);
    const { store } = renderAccount(<OrdersList initialOrders={orders} />);
    act(() => store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', name: 'A' }));
    await waitFor(() => expect(mockedFetch).toHaveBeenCalled());
    await act(async () => {
      await mockedFetch.mock.results[0]?.value;
    });
    expect(store.getState().ordersNeedUpdate).toBe(false);
    expect(mockedGetMyOrders).not.toHaveBeenCalled();
  });
  it('sends back the marker of the last full answer, so a quiet poll reads nothing', async () => {
    mockedFetch.mockResolvedValue({
      ok: true,
      json: async () => ({
        orders: [
          { orderId: 'order-1', status: 'awaitingApproval' },
          { orderId: 'order-2', status: 'confirmed' },
          { orderId: 'order-3', status: 'inProduction' },
        ],
        marker: 7,
      }),
    } as Response);
    const { store } = renderAccount(<OrdersList initialOrders={orders} />);
    act(() => store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', name: 'A' }));
    await waitFor(() => expect(mockedFetch).toHaveBeenCalledTimes(1));
    expect(mockedFetch.mock.calls[0]?.[0]).toBe('/api/orders/changes');
    await act(async () => {
      await mockedFetch.mock.results[0]?.value;
    });
    mockedFetch.mockResolvedValue({
      ok: true,
      json: async () => ({ unchanged: true, marker: 7 }),
    } as Response);
    // Coming back to the page polls at once.
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(mockedFetch).toHaveBeenCalledTimes(2));
    expect(mockedFetch.mock.calls[1]?.[0]).toBe('/api/orders/changes?seen=7');
    await act(async () => {
      await mockedFetch.mock.results[1]?.value;
    });
    expect(store.getState().ordersNeedUpdate).toBe(false);
    expect(mockedGetMyOrders).not.toHaveBeenCalled();
  });
});
