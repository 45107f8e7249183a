/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { seedProducts as products } from '@/lib/catalogue/seed';
import { catalogueSearchData } from '@/lib/catalogue/search-words';
import { renderAccount } from '@/test/render-account';
import { MenuSearch } from './menu-search';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => (
    <a href={href}>{children}</a>
  ),
}));
jest.mock('@/lib/session/client', () => ({
  ...jest.requireActual('@/lib/session/client'),
  fetchSessionUser: () => new Promise(() => {}),
}));

// GET /api/catalogue/live, answered when a test says; GET /api/catalogue/search at once, with the
// catalogue's words in both languages (or a failure, when a test sets searchAnswer to null).
let answer: (body: unknown, ok?: boolean) => void = () => {};
let searchAnswer: unknown = catalogueSearchData(products);
const respond = (body: unknown, ok = true) =>
  ({ ok, status: ok ? 200 : 503, json: async () => body }) as Response;
const mockFetch = jest.fn((url: string) => {
  if (url === '/api/catalogue/search') {
    return Promise.resolve(searchAnswer ? respond(searchAnswer) : respond({}, false));
  }
  return new Promise<Response>((resolve) => {
    expect(url).toBe('/api/catalogue/live');
    answer = (body, ok = true) => resolve(respond(body, ok));
  });
});
const liveCalls = () => mockFetch.mock.calls.filter(([url]) => url === '/api/catalogue/live');

beforeAll(() => {
  globalThis.fetch = mockFetch as unknown as typeof fetch;
});
beforeEach(() => {
  mockFetch.mockClear();
  searchAnswer = catalogueSearchData(products);
});

/** Waits until the search (its library and words) is ready and has answered `query`. */
async function searchReady(query: string) {
  search(query);
  await waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent('Buscando…'));
}

const search = (query: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar chocolates' }), {
    target: { value: query },
  });
const titles = () =>
  within(
    screen.queryByRole('list', { name: 'Resultados da busca' }) ?? document.createElement('ul'),
  )
    .queryAllByRole('link')
    .map((link) => link.querySelector('span span')?.textContent);

describe('MenuSearch', () => {
  it('leaves out the products hidden from the shop, and lists nothing before it knows', async () => {
    renderAccount(<MenuSearch open />);
    search('barra tropical');
    expect(screen.getByRole('status')).toHaveTextContent('Buscando…');
    expect(titles()).toEqual([]);

    await act(async () => answer({ hidden: ['barra-tropical-rio'] }));
    await searchReady('barra tropical');
    expect(titles()).toContain('Barra Tropical Bahia');
    expect(titles()).not.toContain('Barra Tropical Rio');
    search('tropical rio');
    expect(titles()).not.toContain('Barra Tropical Rio');
    expect(liveCalls()).toHaveLength(1);
  });

  it('reads the hidden products again at each opening of the menu, not while it is closed', async () => {
    const { rerender } = renderAccount(<MenuSearch open />);
    await act(async () => answer({ hidden: [] }));
    await searchReady('tropical rio');
    expect(titles()).toContain('Barra Tropical Rio');

    rerender(<MenuSearch open={false} />);
    expect(liveCalls()).toHaveLength(1);
    // An admin hid it meanwhile: the next opening asks again and the search follows.
    rerender(<MenuSearch open />);
    expect(liveCalls()).toHaveLength(2);
    await act(async () => answer({ hidden: ['barra-tropical-rio'] }));
    await searchReady('tropical rio');
    expect(titles()).not.toContain('Barra Tropical Rio');
  });

  it('lists the whole catalogue when the flags cannot be read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAccount(<MenuSearch open />);
    await act(async () => answer({ error: 'unavailable' }, false));
    await searchReady('barra tropical rio');
    expect(titles()).toContain('Barra Tropical Rio');
    warn.mockRestore();
  });

  it("marks the products the live read says are sold out or not for sale with the cards' labels", async () => {
    renderAccount(<MenuSearch open />);
    await act(async () =>
      answer({
        hidden: [],
        products: {
          'barra-tropical-rio': { stock: 0, forSale: true },
          'barra-tropical-bahia': { stock: 4, forSale: true },
          'barra-tropical-minas': { stock: 9, forSale: false },
        },
      }),
    );
    await searchReady('barra tropical');
    const mark = (title: string) =>
      within(screen.getByRole('link', { name: new RegExp(title) })).queryByTestId(
        'search-unavailable',
      )?.textContent;
    expect(mark('Barra Tropical Rio')).toBe('Esgotado');
    expect(mark('Barra Tropical Minas')).toBe('Indisponível');
    expect(mark('Barra Tropical Bahia')).toBeUndefined();
  });

  it("finds by the other language's words and forgives two typos in a longer word", async () => {
    renderAccount(<MenuSearch open />);
    await act(async () => answer({ hidden: [] }));
    await searchReady('pistaxe');
    expect(titles()[0]).toBe('Ovo Pistache');
    await searchReady('dark');
    expect(titles()[0]).toBe('Barra Tropical Bahia');
  });

  it('offers the whole shop and the featured products when nothing is found', async () => {
    renderAccount(<MenuSearch open />);
    await act(async () => answer({ hidden: ['ovo-pistache'] }));
    await searchReady('caramelo salgado de baunilha');
    expect(screen.getByRole('status')).toHaveTextContent('Nenhum chocolate encontrado');
    expect(screen.getByRole('link', { name: 'Ver todos os chocolates' })).toHaveAttribute(
      'href',
      '/#chocolates',
    );
    const featured = within(screen.getByRole('list', { name: 'Destaques da estação' }))
      .getAllByRole('link')
      .map((link) => link.querySelector('span span')?.textContent);
    // The featured products the shop shows: a hidden one is left out.
    expect(featured).toEqual(['Ovo Cookies com Nutella', 'Ovo Tropical Maravilha']);
  });

  it('still searches the page language when the other words cannot be read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    searchAnswer = null;
    renderAccount(<MenuSearch open />);
    await act(async () => answer({ hidden: [] }));
    await searchReady('pistaxe');
    expect(titles()[0]).toBe('Ovo Pistache');
    await searchReady('egg');
    expect(titles()).toEqual([]);
    warn.mockRestore();
  });
});
