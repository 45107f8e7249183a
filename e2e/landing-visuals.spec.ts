import { expect, test, type Locator, type Page } from '@playwright/test';
import { skipIntro } from './fixtures/intro';

test.beforeEach(async ({ context }) => {
  await skipIntro(context);
});

/** Rendered height of `locator` in lines of its own line-height (1 = one line). */
async function lines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return element.getBoundingClientRect().height / parseFloat(style.lineHeight);
  });
}

test.describe('product cards at laptop widths', () => {
  for (const width of [1280, 1366, 1440]) {
    for (const locale of ['pt-BR', 'en'] as const) {
      test(`keep each price and button text on one line at ${width}px (${locale})`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/${locale}`);
        const cards = page.locator('#chocolates article');
        await expect(cards.first()).toBeVisible();
        const count = await cards.count();
        expect(count).toBeGreaterThan(8);
        for (let index = 0; index < count; index += 1) {
          const card = cards.nth(index);
          const price = card.getByText(/^R\$ /);
          const button = card.getByRole('button');
          expect(await lines(price), `price of card ${index}`).toBeCloseTo(1, 1);
          // The button's text box: its height without the vertical padding.
          const buttonLines = await button.evaluate((element) => {
            const style = getComputedStyle(element);
            const content =
              element.getBoundingClientRect().height -
              parseFloat(style.paddingTop) -
              parseFloat(style.paddingBottom);
            return content / parseFloat(style.lineHeight);
          });
          expect(buttonLines, `button of card ${index}`).toBeCloseTo(1, 1);
        }
      });
    }
  }
});

// What each banner's picture shows (scripts/generate-artwork.mjs), next to its caption.
const BANNERS = [
  {
    src: 'banner-1.svg',
    shows: 'Easter eggs in a basket',
    pt: 'Páscoa Tropical',
    en: 'Tropical Easter',
  },
  {
    src: 'banner-4.svg',
    shows: 'a golden egg beside a bowl of pistachio cream',
    pt: 'Ovo Pistache',
    en: 'Pistachio Egg',
  },
  {
    src: 'banner-2.svg',
    shows: 'wrapped chocolate bars',
    pt: 'Barras Clássicas',
    en: 'Classic Bars',
  },
  { src: 'banner-3.svg', shows: 'cacao pods', pt: 'Cacau do Brasil', en: 'Cacao from Brazil' },
];

const slides = (page: Page) => page.locator('[aria-roledescription="slide"]');

test.describe('hero banners', () => {
  for (const locale of ['pt-BR', 'en'] as const) {
    test(`each caption names what its picture shows (${locale})`, async ({ page }) => {
      await page.goto(`/${locale}`);
      await expect(slides(page)).toHaveCount(BANNERS.length);
      for (const [index, banner] of BANNERS.entries()) {
        const slide = slides(page).nth(index);
        await expect(slide.locator('img'), banner.shows).toHaveAttribute(
          'src',
          new RegExp(`${banner.src.replace('.', '\\.')}`),
        );
        await expect(slide.getByRole('heading', { level: 2, includeHidden: true })).toHaveText(
          locale === 'en' ? banner.en : banner.pt,
        );
      }
    });
  }

  test('white titles reach 4.5:1 against the pixels behind them on a phone @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/pt-BR');
    for (let index = 0; index < BANNERS.length; index += 1) {
      // Move to the slide as a visitor would, then make its text transparent (and finish the
      // pictures' cross-fade) so only the background behind the text is captured.
      if (index > 0) await page.getByRole('button', { name: 'Próximo destaque' }).click();
      await expect(slides(page).nth(index)).toHaveAttribute('data-active', 'true');
      await page.evaluate(() => {
        const slide = '[aria-roledescription="slide"]';
        document.querySelectorAll<HTMLElement>(`${slide} img`).forEach((img) => {
          img.style.transition = 'none';
        });
        document.querySelectorAll<HTMLElement>(`${slide} h2, ${slide} p`).forEach((text) => {
          text.style.color = 'transparent';
          text.style.filter = 'none';
        });
      });
      const slide = slides(page).nth(index);
      for (const text of [slide.locator('h2'), slide.locator('p')]) {
        await text.scrollIntoViewIfNeeded();
        const png = await text.screenshot({ animations: 'disabled' });
        const lightest = await page.evaluate(async (base64) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, image.width, image.height);
          const linear = (c = 0) => {
            const s = c / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          };
          let max = 0;
          for (let i = 0; i < data.length; i += 4) {
            const l =
              0.2126 * linear(data[i]) +
              0.7152 * linear(data[i + 1]) +
              0.0722 * linear(data[i + 2]);
            if (l > max) max = l;
          }
          return max;
        }, png.toString('base64'));
        const contrast = 1.05 / (lightest + 0.05);
        expect(
          contrast,
          `slide ${index + 1}, white text on its lightest pixel`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
