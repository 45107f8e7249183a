import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures/test';
import { SHOP_LOCALES, test } from './fixtures/shop';

type SplashRecord = { shown?: number; hidden?: number; delay?: number };

/**
 * Records, inside the page, when <html data-splash> is set and removed, so the timing is measured
 * by the page's own clock rather than by a test runner that may be slow under load, and the delay
 * the boot script asks of setTimeout to remove it (its first call once the attribute is set). A
 * timer fires late when the page's main thread is busy, by 400-500 ms on a loaded test machine:
 * the requested delay is what tells the splash's two lengths apart.
 */
async function recordSplash(page: Page) {
  await page.addInitScript(() => {
    const record: SplashRecord = {};
    (window as unknown as { __splash: SplashRecord }).__splash = record;
    const splashOn = () => document.documentElement?.hasAttribute('data-splash') ?? false;
    new MutationObserver(() => {
      // Observing `document` (subtree): <html> may not exist yet when this runs.
      const on = splashOn();
      if (on && record.shown === undefined) record.shown = performance.now();
      if (!on && record.shown !== undefined && record.hidden === undefined) {
        record.hidden = performance.now();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-splash'] });
    const setTimeoutAsIs = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (splashOn() && record.delay === undefined) record.delay = delay;
      return setTimeoutAsIs(handler, delay, ...rest);
    }) as typeof window.setTimeout;
  });
  return async () =>
    page.evaluate(() => (window as unknown as { __splash: SplashRecord }).__splash);
}

/** Resolves after the page has rendered `count` more frames (tied to rendering, not a clock). */
async function afterFrames(page: Page, count: number) {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        let left = frames;
        const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );
}

base.describe('intro splash', () => {
  base(
    'shows the logo for about a second, blocks scrolling, and only once per visit @phone',
    async ({ page }) => {
      const splash = page.getByTestId('splash');
      const timing = await recordSplash(page);
      await page.goto('/pt-BR', { waitUntil: 'commit' });
      await expect.poll(async () => (await timing()).hidden, { timeout: 10_000 }).toBeDefined();
      const { shown = 0, hidden = 0, delay } = await timing();
      // 1000 ms on screen, then the 0.5 s fade.
      expect(delay).toBe(1500);
      expect(hidden - shown).toBeGreaterThanOrEqual(1400);
      expect(hidden - shown).toBeLessThan(2500);
      await expect(splash).toBeHidden();

      // While it shows, the page does not scroll: put the same state back and try.
      await page.evaluate(() => document.documentElement.setAttribute('data-splash', ''));
      await expect(splash).toBeVisible();
      await expect(splash.locator('svg[aria-label="Chocolates Tropicais"]')).toBeVisible();
      await page.mouse.move(100, 300);
      await page.mouse.wheel(0, 800);
      await page.keyboard.press('PageDown');
      // Chromium scrolls a wheel or PageDown within a few frames: after 20 of them an unblocked
      // page has moved.
      await afterFrames(page, 20);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.evaluate(() => document.documentElement.removeAttribute('data-splash'));

      // Afterwards the page scrolls again.
      await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      // Same visit: no splash on the next page.
      await page.goto('/pt-BR/chocolates/mini-ovo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mini Ovo');
      expect((await timing()).shown).toBeUndefined();
      await expect(splash).toBeHidden();
    },
  );

  /**
   * Records, in the page, what its first frame with the splash kept out (the page under it, the
   * splash's lettering) and, when <html data-first-frame> goes, whether the splash is still up,
   * the page's height and whether the lettering shows.
   */
  async function recordFirstFrame(page: Page) {
    await page.addInitScript(() => {
      const seen: Record<string, number | boolean> = {};
      (window as unknown as { __firstFrame: typeof seen }).__firstFrame = seen;
      seen.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          (seen.layoutShift as number) += (entry as unknown as { value: number }).value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // The first frame with the splash in it (frames before the parser reaches it are empty).
      requestAnimationFrame(function firstWithSplash() {
        const splash = document.getElementById('intro-splash');
        if (!splash && document.readyState === 'loading') {
          requestAnimationFrame(firstWithSplash);
          return;
        }
        const text = splash?.querySelector('text');
        const others = [...document.body.children].filter((element) => element !== splash);
        seen.flagged = document.documentElement.hasAttribute('data-first-frame');
        // Everything but the splash (the cookie banner included), not only the page's main: not
        // rendered, or not parsed yet (the parser waits at the page's stylesheet, after the
        // splash). The first frame's <style> and the stylesheet's <link> are never rendered.
        seen.pageSkipped = others.every((element) => getComputedStyle(element).display === 'none');
        seen.splashShown = splash ? getComputedStyle(splash).display === 'grid' : false;
        // Not rendered: hidden, or not parsed yet (a frame can come while the first chunk of the
        // document ends inside the splash's SVG). letteringShown below proves it is there.
        seen.letteringOut = text ? getComputedStyle(text).display === 'none' : true;
      });
      new MutationObserver(() => {
        const d = document.documentElement;
        if (!d) return;
        if (d.hasAttribute('data-first-frame')) seen.everFlagged = true;
        else if (seen.everFlagged && seen.mainHeight === undefined) {
          const text = document.querySelector('#intro-splash text');
          seen.splashUp = d.hasAttribute('data-splash');
          seen.mainHeight = document.querySelector('main')?.offsetHeight ?? 0;
          seen.letteringShown = text ? getComputedStyle(text).display !== 'none' : false;
        }
      }).observe(document, {
        attributes: true,
        subtree: true,
        attributeFilter: ['data-first-frame'],
      });
    });
    return () =>
      page.evaluate(
        () =>
          (window as unknown as { __firstFrame: Record<string, number | boolean> }).__firstFrame,
      );
  }

  base(
    'its first frame shows the mark alone; the page and the lettering come while it is still up',
    async ({ page }) => {
      const seen = await recordFirstFrame(page);
      await page.goto('/pt-BR/chocolates/mini-ovo', { waitUntil: 'commit' });
      await expect.poll(async () => (await seen()).mainHeight, { timeout: 10_000 }).toBeDefined();
      const record = await seen();
      expect(record).toMatchObject({
        flagged: true,
        pageSkipped: true,
        splashShown: true,
        letteringOut: true,
        splashUp: true,
        letteringShown: true,
      });
      expect(record.mainHeight).toBeGreaterThan(300);
      // Nothing moved on the way: what the first frame left out appears, it does not shift.
      await afterFrames(page, 5);
      expect((await seen()).layoutShift).toBe(0);
    },
  );

  base('renders the page in the first frame of an address with a #fragment', async ({ page }) => {
    const seen = await recordFirstFrame(page);
    await page.goto('/pt-BR#contato');
    await expect(page.locator('#contato')).toBeInViewport();
    expect(await seen()).toMatchObject({ flagged: false, pageSkipped: false });
    expect((await seen()).everFlagged).toBeUndefined();
  });

  /**
   * Holds the page's stylesheet (linked in <body>, after the splash) until `release` is called;
   * `asked` resolves when the browser has asked for it.
   */
  async function holdStylesheet(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested = () => {};
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route('**/_css/*.css', async (route) => {
      requested();
      await released;
      await route.continue();
    });
    return { asked, release };
  }

  const paints = (page: Page) =>
    page.evaluate(() => performance.getEntriesByType('paint').map((entry) => entry.name));

  base('a first visit paints the splash before the stylesheet has loaded', async ({ page }) => {
    // What the page looked like when it reported its first contentful paint, in the page.
    await page.addInitScript(() => {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        const splash = document.getElementById('intro-splash');
        (window as unknown as { __atFirstPaint: object }).__atFirstPaint = {
          splashShown: splash ? getComputedStyle(splash).display === 'grid' : false,
          pageEndParsed: document.getElementById('page-end') !== null,
        };
      }).observe({ type: 'paint' });
    });
    const stylesheet = await holdStylesheet(page);
    await page.goto('/pt-BR', { waitUntil: 'commit' });
    await stylesheet.asked;
    const atFirstPaint = () =>
      page.evaluate(() => (window as unknown as { __atFirstPaint?: object }).__atFirstPaint);
    // The mark is on screen while the stylesheet is still held, and the parser waits at its link.
    await expect.poll(atFirstPaint, { timeout: 10_000 }).toBeDefined();
    expect(await atFirstPaint()).toEqual({ splashShown: true, pageEndParsed: false });
    expect(await page.locator('#page-end').count()).toBe(0);
    stylesheet.release();
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible({
      timeout: 10_000,
    });
  });

  base('a page without the splash paints nothing before its stylesheet', async ({ page }) => {
    // A later page of the visit: the intro is past.
    await page.addInitScript(() => sessionStorage.setItem('splashShown', 'true'));
    const stylesheet = await holdStylesheet(page);
    const response = await page.goto('/en/chocolates/mini-ovo', { waitUntil: 'commit' });
    await stylesheet.asked;
    await response?.finished();
    // The whole document is in. The parser stops at the stylesheet's link, so the page's end is
    // not parsed while it is held (checked after 50 more tasks, time enough for the parser to run
    // through the rest were it not stopped), and the first frame waits for that end (rel=expect,
    // lib/boot-script.ts).
    await expect(page.locator('link[rel="stylesheet"][href^="/_css/"]')).toBeAttached();
    await page.evaluate(async () => {
      for (let task = 0; task < 50; task += 1) await new Promise((resolve) => setTimeout(resolve));
    });
    expect(await page.locator('#page-end').count()).toBe(0);
    expect(await paints(page)).toEqual([]);
    expect(await page.locator('link[rel="expect"]').getAttribute('href')).toBe('#page-end');
    stylesheet.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mini Egg');
    await expect.poll(() => paints(page)).toContain('first-contentful-paint');
  });

  base(
    'a page React renders in the browser shows nothing before its stylesheet',
    async ({ page }) => {
      await page.addInitScript(() => sessionStorage.setItem('splashShown', 'true'));
      const stylesheet = await holdStylesheet(page);
      // Next renders a notFound() answer in the browser, past the parser's wait at the link.
      await page.goto('/pt-BR/nao-existe', { waitUntil: 'commit' });
      await stylesheet.asked;
      // In the page but not rendered (a role locator would not find it at all).
      const heading = page.locator('h1', { hasText: 'Página não encontrada' });
      await expect(heading).toBeAttached({ timeout: 10_000 });
      await expect(heading).toBeHidden();
      stylesheet.release();
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    },
  );

  base('is not shown later in a visit that started on a 404 page', async ({ page }) => {
    // Next renders the 404 in the browser, without the splash; the intro is then past.
    await page.goto('/pt-BR/nao-existe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible();

    const timing = await recordSplash(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible();
    await afterFrames(page, 5);
    expect((await timing()).shown).toBeUndefined();
    await expect(page.getByTestId('splash')).toBeHidden();
  });

  base('is gone after a second without fading when motion is reduced', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const splash = page.getByTestId('splash');
    const timing = await recordSplash(page);
    await page.goto('/en', { waitUntil: 'commit' });
    await expect.poll(async () => (await timing()).hidden, { timeout: 10_000 }).toBeDefined();
    const { shown = 0, hidden = 0, delay } = await timing();
    expect(delay).toBe(1000);
    expect(hidden - shown).toBeGreaterThanOrEqual(900);
    expect(hidden - shown).toBeLessThan(2000);
    await page.evaluate(() => document.documentElement.setAttribute('data-splash', ''));
    expect(await splash.evaluate((element) => getComputedStyle(element).animationName)).toBe(
      'none',
    );
  });

  base('is not in the way without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pt-BR');
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Quem Somos' })).toBeVisible();
    await context.close();
  });
});

test.describe('menu search', () => {
  for (const locale of SHOP_LOCALES) {
    test(`finds products as you type and opens the product page (${locale}) @phone`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      const pistache = shop.title('ovo-pistache');
      await page.goto(`/${locale}`);
      await shop.menu.open();
      await expect(shop.menu.search).toBeFocused();

      await shop.menu.search.fill(locale === 'en' ? 'pistachio' : 'pistache');
      await expect(shop.menu.result(pistache)).toBeVisible();
      await shop.menu.result(pistache).click();

      await expect(page).toHaveURL(new RegExp(`/${locale}/chocolates/ovo-pistache$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pistache);
      await expect(shop.menu.dialog).toBeHidden();
    });
  }

  test('ignores accents and searches categories and types', async ({ page, shopIn }) => {
    const shop = shopIn('pt-BR');
    await page.goto('/pt-BR');
    await shop.menu.open();
    // Queries that match no product other specs hide from the shop meanwhile (the search leaves
    // hidden products out): Páscoa + Ovos Trufados, Clássicos + Bahia.
    await shop.menu.search.fill('pascoa trufados');
    await expect(shop.menu.dialog.getByRole('status')).toHaveText(/^\d+ chocolates encontrados$/);
    await expect(shop.menu.result('Ovo Pistache')).toBeVisible();
    await shop.menu.search.fill('CLASSICOS bahia');
    await expect(shop.menu.dialog.getByRole('status')).toHaveText('1 chocolate encontrado');
    await expect(shop.menu.result('Barra Tropical Bahia')).toBeVisible();
    await shop.menu.search.fill('nada disso');
    await expect(shop.menu.dialog.getByRole('status')).toHaveText('Nenhum chocolate encontrado');
  });

  const FORGIVING = {
    'pt-BR': {
      typo: ['pistaxe', 'Ovo Pistache'],
      otherLanguage: ['egg', 'Mini Ovo'],
      bar: ['chocolat amargo', 'Barra Tropical Bahia'],
      nothing: 'Nenhum chocolate encontrado',
      all: 'Ver todos os chocolates',
      featured: 'Destaques da estação',
    },
    en: {
      typo: ['pistaxe', 'Pistachio Egg'],
      otherLanguage: ['ovo', 'Mini Egg'],
      bar: ['chocolat amargo', 'Tropical Bahia Bar'],
      nothing: 'No chocolates found',
      all: 'See all chocolates',
      featured: 'Seasonal highlights',
    },
  } as const;

  for (const locale of SHOP_LOCALES) {
    test(`forgives two typos, finds either language's words, ranks, and offers a way on when nothing is found (${locale})`, async ({
      page,
      shopIn,
    }) => {
      const shop = shopIn(locale);
      const t = FORGIVING[locale];
      await page.goto(`/${locale}`);
      await shop.menu.open();
      const results = shop.menu.dialog.getByRole('list', {
        name: locale === 'en' ? 'Search results' : 'Resultados da busca',
      });
      const first = results.getByRole('link').first();

      await shop.menu.search.fill(t.typo[0]);
      await expect(first).toHaveAccessibleName(new RegExp(`^${t.typo[1]} `));

      // 'egg' on /pt-BR, 'ovo' on /en: the Easter eggs (11, less any another spec hides from
      // the shop meanwhile), no bar.
      await shop.menu.search.fill(t.otherLanguage[0]);
      await expect(shop.menu.result(t.otherLanguage[1])).toBeVisible();
      expect(await results.getByRole('link').count()).toBeGreaterThanOrEqual(9);
      await expect(results.getByRole('link', { name: /(Barra|Bar) / })).toHaveCount(0);

      await shop.menu.search.fill(t.bar[0]);
      await expect(first).toHaveAccessibleName(new RegExp(`^${t.bar[1]} `));

      await shop.menu.search.fill('xyzzy');
      await expect(shop.menu.dialog.getByRole('status')).toHaveText(t.nothing);
      await expect(
        shop.menu.dialog.getByRole('list', { name: t.featured }).getByRole('link'),
      ).not.toHaveCount(0);
      await shop.menu.dialog.getByRole('link', { name: t.all }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}#chocolates$`));
      await expect(shop.menu.dialog).toBeHidden();
    });
  }

  test('lists the site pages, privacy and terms included', async ({ page, shopIn }) => {
    const shop = shopIn('en');
    await page.goto('/en');
    await shop.menu.open();
    const pages = shop.menu.dialog.getByRole('navigation', { name: 'Site pages' });
    for (const name of ['Home', 'About Us', 'Chocolates', 'Contact', 'Privacy', 'Terms of Use']) {
      await expect(pages.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await pages.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/en\/termos-de-uso$/);
    await expect(shop.menu.dialog).toBeHidden();
  });
});
