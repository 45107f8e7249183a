import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures/test';
import { skipIntro } from './fixtures/intro';
import { SHOP_LOCALES, TEXTS } from './fixtures/shop';

// On a slow connection the landing's HTML arrives in parts, and Chromium paints what it has
// parsed when the parser runs out of bytes. Whatever the rest of the markup then adds must not
// move what was already on screen (a layout shift): the rel=expect the boot script adds to the
// head when the splash is not the first frame holds that frame until the page's last element is
// parsed (lib/boot-script.ts).

/** How long the test's server waits before it sends the rest of the document. */
const PAUSE_MS = 1500;

type Shift = { value: number; sources: string[] };

/** What the test's server did with the document: where it cut it, and when it sent the rest. */
type Delivery = { cuts: number; restSentAt?: number; error?: string };

/**
 * A server on 127.0.0.1 in front of the shop. It answers `documentPath` with the shop's HTML cut
 * just after the cookie banner's opening tag, and the rest PAUSE_MS later. Everything else it
 * fetches from the shop with the browser's cookies (GET requests: all the landing makes).
 */
async function slowDocumentServer(
  target: string,
  documentPath: string,
): Promise<{ server: Server; delivery: Delivery }> {
  const delivery: Delivery = { cuts: 0 };
  const server = createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url ?? '/', target), {
      headers: { cookie: request.headers.cookie ?? '', accept: request.headers.accept ?? '*/*' },
      redirect: 'manual',
    });
    const headers: Record<string, string | string[]> = Object.fromEntries(upstream.headers);
    headers['set-cookie'] = upstream.headers.getSetCookie();
    // fetch has decoded the body: its length and encoding are no longer the shop's.
    delete headers['content-encoding'];
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    const body = Buffer.from(await upstream.arrayBuffer());
    response.writeHead(upstream.status, headers);
    if (request.url !== documentPath) {
      response.end(body);
      return;
    }
    const html = body.toString('utf8');
    const banner = html.indexOf('data-testid="cookie-banner"');
    if (banner < 0) {
      // Said in the test body: an exception here would only leave the page waiting.
      delivery.error = `no cookie banner in the HTML of ${documentPath}`;
      response.end(html);
      return;
    }
    const cut = html.indexOf('>', banner) + 1;
    delivery.cuts += 1;
    response.write(html.slice(0, cut));
    setTimeout(() => {
      delivery.restSentAt = Date.now();
      response.end(html.slice(cut));
    }, PAUSE_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, delivery };
}

for (const locale of SHOP_LOCALES) {
  test(`nothing on screen moves while the landing's document arrives in parts (${locale}) @phone`, async ({
    page,
    baseURL,
  }) => {
    // A new visitor's page (the cookie banner shows), without the 1 s splash over it.
    await skipIntro(page, { cookieBanner: false });
    await page.addInitScript(() => {
      const shifts: Shift[] = [];
      (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          sources: Array<{ node?: Node | null }>;
        }>) {
          shifts.push({
            value: entry.value,
            sources: entry.sources.map((source) =>
              source.node instanceof Element
                ? `${source.node.tagName.toLowerCase()} "${source.node.textContent?.slice(0, 40)}"`
                : String(source.node?.nodeName),
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const { server, delivery } = await slowDocumentServer(baseURL!, `/${locale}`);
    try {
      const { port } = server.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/${locale}`);
      // The document did arrive in two parts, cut inside the cookie banner.
      expect(delivery.error).toBeUndefined();
      expect(delivery.cuts).toBe(1);
      await expect(page.getByRole('region', { name: TEXTS[locale].cookieBanner })).toBeVisible();
      await expect(page.getByRole('navigation', { name: TEXTS[locale].footerLabel })).toBeVisible();
      // Nothing was painted before the rest of the markup was sent (same machine, same clock).
      const firstPaintAt = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-paint')[0];
        return paint ? performance.timeOrigin + paint.startTime : null;
      });
      expect(firstPaintAt, 'first paint').not.toBeNull();
      expect(
        firstPaintAt!,
        'first paint, ms since 1970, against when the rest was sent',
      ).toBeGreaterThanOrEqual(delivery.restSentAt!);
      // Layout shifts are reported after the frame that made them.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: Shift[] }).__shifts,
      );
      expect(shifts, 'layout shifts').toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
}
