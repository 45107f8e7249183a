import en from '@/messages/en.json';
import pt from '@/messages/pt-BR.json';
import {
  ACCOUNT_NAMESPACES,
  CLIENT_NAMESPACES,
  PANEL_NAMESPACES,
} from '@/lib/i18n/client-messages';
import { GET } from './route';

// The request config reads the messages of the asked locale, as the build does (uncompiled here).
jest.mock('next-intl/server', () => ({
  getMessages: async ({ locale }: { locale: string }) => (locale === 'en' ? en : pt),
}));

const get = (locale: string, panel: string) =>
  GET(new Request(`http://shop.test/api/messages/${locale}/${panel}`), {
    params: Promise.resolve({ locale, panel }),
  });

describe('GET /api/messages/{locale}/{panel}', () => {
  it('answers exactly the namespaces of the panel, in the asked language', async () => {
    const response = await get('pt-BR', 'cart');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['CartPanel', 'CartStock', 'CartUndo']);
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
