import { expect, test, type APIRequestContext } from '@playwright/test';

// Link previews (WhatsApp, Instagram, Facebook, X): a PNG Open Graph picture of 1200x630 on the
// landing, every product and the content pages, the shop as schema.org Store on the landing,
// and the web app manifest with an apple-touch icon.

/** The width and height in a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function metaContent(html: string, attribute: string, name: string) {
  const match = new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

async function expectSharePng(request: APIRequestContext, pagePath: string) {
  const html = await (await request.get(pagePath)).text();
  const image = metaContent(html, 'property', 'og:image');
  expect(image, pagePath).toBeTruthy();
  expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
  expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
  const url = new URL(image ?? '');
  // The page's own segment owns the picture (not the landing's, inherited).
  expect(url.pathname).toBe(`${pagePath}/opengraph-image`);
  const response = await request.get(url.pathname + url.search);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
}

test.describe('link previews', () => {
  for (const locale of ['pt-BR', 'en']) {
    test(`Open Graph pictures are 1200x630 PNGs (${locale})`, async ({ request }) => {
      for (const path of [
        `/${locale}`,
        `/${locale}/chocolates/ovo-pistache`,
        `/${locale}/chocolates/barra-tropical-rio`,
        `/${locale}/privacidade`,
        `/${locale}/termos-de-uso`,
        `/${locale}/expertise/contratos`,
      ]) {
        await expectSharePng(request, path);
      }
    });
  }

  test('the landing describes the shop as a schema.org Store', async ({ request }) => {
    for (const locale of ['pt-BR', 'en']) {
      const html = await (await request.get(`/${locale}`)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
      const store = blocks.map((m) => JSON.parse(m[1] ?? '{}')).find((d) => d['@type'] === 'Store');
      expect(store, locale).toBeTruthy();
      expect(store.name).toBe('Chocolates Tropicais');
      expect(store.telephone).toBe('+551134567890');
      expect(store.address).toMatchObject({
        '@type': 'PostalAddress',
        addressLocality: 'São Paulo',
        postalCode: '05433-000',
        addressCountry: 'BR',
      });
      expect(store.openingHoursSpecification).toHaveLength(2);
      expect(store.geo).toBeUndefined();
      expect(store.url).toMatch(new RegExp(`/${locale}$`));
    }
  });

  test('the web app manifest and the apple-touch icon are served', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = await manifest.json();
    expect(body.name).toBe('Chocolates Tropicais');
    expect(body.start_url).toBe('/');

    const html = await (await request.get('/pt-BR')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(touch).toBeTruthy();
    const icon = await request.get(touch ?? '');
    expect(icon.headers()['content-type']).toBe('image/png');
    expect(pngSize(await icon.body())).toEqual({ width: 180, height: 180 });
  });
});
