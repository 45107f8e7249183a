import en from '@/messages/en.json';
import pt from '@/messages/pt-BR.json';
import {
  ACCOUNT_NAMESPACES,
  CLIENT_NAMESPACES,
  MESSAGES_BUILD,
  messagesPath,
  PANEL_NAMESPACES,
} from '@/lib/i18n/client-messages';
import { generateStaticParams, GET } from './route';

// The request config reads the messages of the asked locale, as the build does (uncompiled here).
jest.mock('next-intl/server', () => ({
  getMessages: async ({ locale }: { locale: string }) => (locale === 'en' ? en : pt),
}));

const get = (locale: string, panel: string, build = MESSAGES_BUILD) =>
  GET(new Request(`http://shop.test/api/messages/${build}/${locale}/${panel}`), {
    params: Promise.resolve({ build, locale, panel }),
  });

describe('GET /api/messages/{build}/{locale}/{panel}', () => {
  it("is addressed by this build's id and cached for good", async () => {
    expect(MESSAGES_BUILD).toMatch(/^[\w-]+$/);
    expect(messagesPath('en', 'cart')).toBe(`/api/messages/${MESSAGES_BUILD}/en/cart`);
    // Prerendered for this build only: another build's address is no page of this one.
    const params = generateStaticParams();
    expect(params).toHaveLength(6);
    expect(new Set(params.map(({ build }) => build))).toEqual(new Set([MESSAGES_BUILD]));
    expect((await get('en', 'cart')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it("refuses another build's id with a 404 that no cache keeps", async () => {
    for (const build of ['0123456789abcdef', `${MESSAGES_BUILD}x`, '']) {
      const response = await get('pt-BR', 'cart', build);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: 'not-found' });
    }
  });

  it('answers exactly the namespaces of the panel, in the asked language', async () => {
    const response = await get('pt-BR', 'cart');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual([
      'CartPanel',
      'CartStock',
      'CartUndo',
      'ShippingEstimate',
      'Coupon',
    ]);
    expect(body.CartPanel.title).toBe('Lista de Compras');

    const account = await (await get('en', 'userTab')).json();
    expect(Object.keys(account)).toEqual([...ACCOUNT_NAMESPACES]);
    expect(account.LoginForm.title).toBe(en.LoginForm.title);
  });

  it('refuses an unknown locale or panel', async () => {
    expect((await get('fr', 'cart')).status).toBe(404);
    expect((await get('en', 'checkout')).status).toBe(404);
    expect((await get('en', 'toString')).status).toBe(404);
  });

  it('keeps every panel text out of the page-wide set', () => {
    for (const namespaces of Object.values(PANEL_NAMESPACES)) {
      for (const namespace of namespaces) {
        expect(CLIENT_NAMESPACES).not.toContain(namespace);
        expect(en).toHaveProperty([namespace]);
      }
    }
  });
});
