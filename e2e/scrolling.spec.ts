import type { Page } from '@playwright/test';
import { expect, isPhone, test, type Shop } from './fixtures/shop';

// Jumps to a section of the landing scroll smoothly; changes of page do not. The landing lays
// out its lower blocks (product cards, team, areas, contact) only when they come near the screen
// (render-when-near in app/globals.css): a smooth jump past them must still land on its section,
// its heading at the top of the screen below the fixed navbar.
const SECTIONS = {
  'pt-BR': { expertise: 'Áreas de Atuação', contact: 'Contato' },
  en: { expertise: 'Areas of Expertise', contact: 'Contact' },
} as const;
// The 404 page's link to the landing.
const BACK_HOME = { 'pt-BR': 'Voltar ao início', en: 'Back to home' } as const;

/** Waits until a smooth scroll has come to rest. */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
}

async function jumpTo(shop: Shop, name: string): Promise<void> {
  const { page } = shop;
  if (await isPhone(page)) {
    await shop.menu.open();
    await shop.menu.dialog.getByRole('link', { name, exact: true }).click();
    await expect(shop.menu.dialog).toBeHidden();
  } else {
    const nav = page.getByRole('banner').getByRole('navigation');
    await nav.getByRole('link', { name, exact: true }).click();
  }
}

/**
 * The section `id` (headed `name`) sits at the page's scroll padding (the room kept for the fixed
 * navbar), or lower when the page cannot scroll further; its heading shows below the navbar.
 */
async function expectLandedOn(page: Page, id: string, name: string): Promise<void> {
  const section = page.locator(`#${id}`);
  const title = page.getByRole('heading', { level: 2, name, exact: true });
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  // The scroll may start only once the router has handled the click.
  await expect(title).toBeInViewport();
  await scrollSettled(page);
  const { top, padding, atEnd } = await section.evaluate((element) => ({
    top: element.getBoundingClientRect().top,
    padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
    atEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
  }));
  if (atEnd) expect(top).toBeGreaterThanOrEqual(padding - 2);
  else expect(Math.abs(top - padding)).toBeLessThanOrEqual(2);
  const navbarBottom = await page
    .getByRole('banner')
    .evaluate((header) => header.getBoundingClientRect().bottom);
  const titleTop = await title.evaluate((element) => element.getBoundingClientRect().top);
  expect(titleTop).toBeGreaterThanOrEqual(navbarBottom);
}

for (const locale of ['pt-BR', 'en'] as const) {
  test(`the section links land on their section, past the lower blocks (${locale}) @phone`, async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn(locale);
    const { expertise, contact } = SECTIONS[locale];
    await page.goto(`/${locale}`);
    // The lower blocks start out unrendered (what makes the first paint lighter).
    await expect(page.locator('html')).not.toHaveAttribute('data-full-layout');

    for (const [id, name] of [
      ['contato', contact],
      ['areas-de-atuacao', expertise],
    ] as const) {
      await jumpTo(shop, name);
      await expectLandedOn(page, id, name);
    }

    // From another page: the landing opens at the section.
    await page.goto(`/${locale}/privacidade`);
    await jumpTo(shop, contact);
    await expect(page).toHaveURL(new RegExp(`/${locale}#contato$`));
    await expectLandedOn(page, 'contato', contact);

    // An address with the section in it.
    await page.goto(`/${locale}#areas-de-atuacao`);
    await expectLandedOn(page, 'areas-de-atuacao', expertise);

    // A visit that starts on a 404 (rendered in the browser, so the layout's boot script never
    // ran there) and moves on to the landing by its links.
    await page.goto(`/${locale}/nao-existe`);
    await page.getByRole('link', { name: BACK_HOME[locale] }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    await jumpTo(shop, contact);
    await expectLandedOn(page, 'contato', contact);
  });
}

/** Every scroll position the page shows, frame by frame, with the path it was on. */
async function recordScrolling(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { scrollLog: string[] }).scrollLog = seen;
    const frame = () => {
      const entry = `${location.pathname} ${Math.round(window.scrollY)}`;
      if (seen.at(-1) !== entry) seen.push(entry);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const scrollLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { scrollLog: string[] }).scrollLog);

for (const locale of ['pt-BR', 'en'] as const) {
  test(`a product opens at its top and back returns to the same place, without scrolling through the page (${locale}) @phone`, async ({
    page,
    shopIn,
  }) => {
    const shop = shopIn(locale);
    await recordScrolling(page);
    await page.goto(`/${locale}`);
    const card = page.getByTestId('product-card-ovo-pistache').last();
    await card.scrollIntoViewIfNeeded();
    await scrollSettled(page);
    const place = await page.evaluate(() => Math.round(window.scrollY));
    expect(place).toBeGreaterThan(1000);
    const cardTop = () => card.evaluate((element) => element.getBoundingClientRect().top);
    // Where the card is on the screen as it is tapped (the click may first scroll it clear of
    // the footer bar).
    await card.evaluate((element) => {
      document.addEventListener('click', () => {
        (window as unknown as { cardTopWhenTapped: number }).cardTopWhenTapped =
          element.getBoundingClientRect().top;
      });
    });

    await card.getByRole('link').click();
    const placeOfCard = await page.evaluate(
      () => (window as unknown as { cardTopWhenTapped: number }).cardTopWhenTapped,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.title('ovo-pistache'));
    await scrollSettled(page);
    const onProduct = (await scrollLog(page)).filter((entry) => entry.includes('/chocolates/'));
    // At the top from its first frame: no frames on the way up from the landing's place.
    expect(onProduct).toEqual([`/${locale}/chocolates/ovo-pistache 0`]);

    await page.goBack();
    await expect(card).toBeInViewport();
    await scrollSettled(page);
    const back = await scrollLog(page);
    const afterBack = back.slice(back.lastIndexOf(`/${locale}/chocolates/ovo-pistache 0`) + 1);
    const positions = afterBack.map((entry) => Number(entry.split(' ')[1]));
    // The landing's first frames may still be at the top; then it is at its place, at once
    // (the place in pixels may differ from \`place\` by what the page's full layout moved).
    const restored = positions.at(-1)!;
    expect(restored).toBeGreaterThan(1000);
    expect(positions.filter((y) => y !== 0 && Math.abs(y - restored) > 2)).toEqual([]);
    // The same content there: the card where it was on the screen.
    expect(Math.abs((await cardTop()) - placeOfCard)).toBeLessThanOrEqual(2);
  });
}
