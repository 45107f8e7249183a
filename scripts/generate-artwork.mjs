// Generates every product, banner, logo and favicon SVG so the artwork is original, reproducible
// and small. Run with `node scripts/generate-artwork.mjs`; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { banner1, banner2, banner3, banner4, icon, logo } from './artwork/banners.mjs';
import { barArt, barDetail, bars } from './artwork/bars.mjs';
import { eggDetail, eggProduct, eggs } from './artwork/egg-products.mjs';
import { productBackground } from './artwork/eggs.mjs';
import { doc, shadow } from './artwork/svg.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function write(relative, content) {
  const file = join(root, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  const size = Buffer.byteLength(content);
  if (size > 8000) throw new Error(`${relative} is ${size} bytes, over the 8 KB budget`);
}

for (const [key, p] of Object.entries(eggs)) {
  const data = { key, ...p };
  write(`public/images/products/${key}.svg`, eggProduct(key, data));
  write(`public/images/products/${key}-detail.svg`, eggDetail(key, data));
}

for (const [key, b] of Object.entries(bars)) {
  const bg = productBackground('bg', '#f3e3cb');
  const sh = shadow('sh', 205, 352, 120, 18);
  const art = barArt(key, b, { id: 'b', x: 130, y: 52, w: 140, h: 292, rotate: -10 });
  write(
    `public/images/products/${key}.svg`,
    doc(
      400,
      400,
      [...bg.defs, ...sh.defs, ...art.defs],
      [...bg.body, ...sh.body, ...art.body],
      'Chocolate bar',
    ),
  );
  write(`public/images/products/${key}-detail.svg`, barDetail(key, b));
}

write('public/images/banners/banner-1.svg', banner1());
write('public/images/banners/banner-2.svg', banner2());
write('public/images/banners/banner-3.svg', banner3());
write('public/images/banners/banner-4.svg', banner4());
write('public/logo.svg', logo());
write('app/icon.svg', icon());
