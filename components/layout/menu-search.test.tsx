/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
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

// GET /api/catalogue/live, answered when a test says.
let answer: (body: unknown, ok?: boolean) => void = () => {};
const mockFetch = jest.fn(
  (url: string) =>
    new Promise<Response>((resolve) => {
      expect(url).toBe('/api/catalogue/live');
      answer = (body, ok = true) =>
        resolve({ ok, status: ok ? 200 : 503, json: async () => body } as Response);
    }),
);

beforeAll(() => {
  globalThis.fetch = mockFetch as unknown as typeof fetch;
});
beforeEach(() => mockFetch.mockClear());

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
    expect(titles()).toContain('Barra Tropical Bahia');
    expect(titles()).not.toContain('Barra Tropical Rio');
    search('tropical rio');
    expect(titles()).not.toContain('Barra Tropical Rio');
    expect(mockFetch).toHaveBeenCalledTimes(1);
  });

  it('reads the hidden products again at each opening of the menu, not while it is closed', async () => {
    const { rerender } = renderAccount(<MenuSearch open />);
    await act(async () => answer({ hidden: [] }));
    search('tropical rio');
    expect(titles()).toContain('Barra Tropical Rio');

    rerender(<MenuSearch open={false} />);
    expect(mockFetch).toHaveBeenCalledTimes(1);
    // An admin hid it meanwhile: the next opening asks again and the search follows.
    rerender(<MenuSearch open />);
    expect(mockFetch).toHaveBeenCalledTimes(2);
    await act(async () => answer({ hidden: ['barra-tropical-rio'] }));
    expect(titles()).not.toContain('Barra Tropical Rio');
  });

  it('lists the whole catalogue when the flags cannot be read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAccount(<MenuSearch open />);
    await act(async () => answer({ error: 'unavailable' }, false));
    search('barra tropical rio');
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
    search('barra tropical');
    const mark = (title: string) =>
      within(screen.getByRole('link', { name: new RegExp(title) })).queryByTestId(
        'search-unavailable',
      )?.textContent;
    expect(mark('Barra Tropical Rio')).toBe('Esgotado');
    expect(mark('Barra Tropical Minas')).toBe('Indisponível');
    expect(mark('Barra Tropical Bahia')).toBeUndefined();
  });
});
