// Each egg product's colours and toppings, and its two pictures (scripts/generate-artwork.mjs).

import { egg, halfEgg, productBackground, topping } from './eggs.mjs';
import { doc, n, pts, rng, shadow } from './svg.mjs';

export const milkChunks = ['#8a5433', '#5a3019', '#a26a43'];
export const whiteChunks = ['#fffaf0', '#efe0c2', '#e4d1ad'];

export const eggs = {
  'ovo-caramelo-com-amendoim': {
    foil: ['#a8761f', '#f8e0a0', '#d9a441'],
    ribbon: ['#7a4322', '#4d2812'],
    shell: ['#5a3019', '#8a5433'],
    filling: ['#b86f25', '#e3a356'],
    topping: 'peanut',
    tint: '#f6e4c3',
  },
  'ovo-pistache': {
    foil: ['#23592e', '#9fdcaa', '#3f8f4e'],
    ribbon: ['#e0b143', '#9c7520'],
    shell: ['#5a3019', '#8a5433'],
    filling: ['#7fa84a', '#bcd98a'],
    topping: 'pistachio',
    tint: '#eef0d6',
  },
  'ovo-cookies-com-nutella': {
    foil: ['#6e1219', '#f2858d', '#b32632'],
    ribbon: ['#e0b143', '#9c7520'],
    shell: ['#5a3019', '#8a5433'],
    filling: ['#4a2614', '#7a4a2a'],
    topping: 'cookie',
    tint: '#f5dfd2',
  },
  'ovo-tropical-maravilha': {
    foil: ['#a24e12', '#ffd08a', '#e9822a'],
    ribbon: ['#f5cf3a', '#b58c12'],
    shell: ['#4a2616', '#74432a'],
    filling: ['#e6ac1e', '#ffe072'],
    topping: 'passion',
    tint: '#f9e6c2',
  },
  'ovo-tropical-minas': {
    shell: ['#6b3b20', '#a9703f'],
    chunks: ['#d69a4c', ...milkChunks],
    ribbon: ['#c9843a', '#8a5420'],
    filling: ['#c98a3c', '#eab86e'],
    topping: 'swirl',
    tint: '#f5e2c4',
  },
  'ovo-tropical-amazonas': {
    shell: ['#5a3019', '#93583a'],
    chunks: ['#eddcb8', ...milkChunks],
    ribbon: ['#2f6d3a', '#1a4222'],
    filling: ['#6b3b22', '#9a6240'],
    topping: 'nut',
    tint: '#e9ecd6',
  },
  'ovo-tropical-parana-amazonas': {
    shell: ['#5a3019', '#93583a'],
    split: '#f3e6c9',
    chunks: milkChunks,
    splitChunks: whiteChunks,
    ribbon: ['#3f8f4e', '#23592e'],
    filling: ['#6b3b22', '#9a6240'],
    rim: '#93583a',
    topping: 'nut',
    tint: '#eef0de',
  },
  'ovo-tropical-parana': {
    shell: ['#e2cfa6', '#fffaf0'],
    chunks: ['#d8344a', ...whiteChunks],
    ribbon: ['#e27a9c', '#a8466a'],
    filling: ['#efe0c2', '#fffaf0'],
    rim: '#f6ead2',
    topping: 'strawberry',
    tint: '#f8e4e4',
  },
  'ovo-tropical-rio': {
    shell: ['#4e2a18', '#86502f'],
    chunks: ['#fff8ea', ...milkChunks],
    ribbon: ['#1fa3a8', '#10686c'],
    filling: ['#5e3420', '#8a5433'],
    topping: 'coconut',
    tint: '#def0ee',
  },
  'ovo-tropical-sampa': {
    shell: ['#5a3522', '#8e5a3b'],
    chunks: ['#2b1a10', ...milkChunks],
    ribbon: ['#4a4f57', '#25282d'],
    filling: ['#6a4028', '#97643f'],
    topping: 'coffee',
    tint: '#ebe3da',
  },
  'mini-ovo': {
    foil: ['#3d7fae', '#d2ecfb', '#6fb3e0'],
    ribbon: ['#f5cf3a', '#b58c12'],
    shell: ['#5a3019', '#8a5433'],
    filling: ['#5a3019', '#8a5433'],
    topping: 'nibs',
    tint: '#e3eef4',
  },
};

export function eggProduct(key, p) {
  const bg = productBackground('bg', p.tint);
  const mini = key === 'mini-ovo';
  const w = mini ? 150 : 214;
  const h = mini ? 196 : 280;
  const cy = mini ? 222 : 196;
  const sh = shadow('sh', 200, cy + h / 2 - 4, w * 0.62, 18);
  const e = egg(p, { id: 'e', cx: 200, cy, w, h });
  const defs = [...bg.defs, ...sh.defs, ...e.defs];
  const body = [...bg.body, ...sh.body];
  if (mini) {
    // A nest of paper straw to give the small egg some scale.
    const rand = rng('nest');
    const nest = ['', '', ''];
    for (let i = 0; i < 26; i += 1) {
      const y0 = 300 + rand() * 34;
      const x0 = 96 + rand() * 100;
      nest[i % 3] +=
        `M${n(x0)} ${n(y0)}q${n(50 + rand() * 40)} ${n(-14 + rand() * 28)} ${n(100 + rand() * 20)} ${n(-6 + rand() * 12)}`;
    }
    body.push(
      `<g fill="none" stroke-width="3" stroke-linecap="round">${nest.map((d, i) => `<path d="${d}" stroke="${['#e8c76a', '#d9a441', '#f3dc94'][i]}"/>`).join('')}</g>`,
    );
  }
  body.push(...e.body);
  return doc(400, 400, defs, body, 'Easter egg');
}

export function eggDetail(key, p) {
  const bg = productBackground('bg', p.tint);
  const sh = shadow('sh', 200, 306, 160, 22);
  const half = halfEgg(p, { id: 'h', cx: 200, rimY: 190, w: 270, depth: 120 });
  const defs = [...bg.defs, ...sh.defs, ...half.defs];
  const body = [...bg.body, ...sh.body, ...half.body];
  // Broken shell pieces in the foreground reinforce the "cut open" reading.
  const [dark, light] = p.inner ?? p.shell;
  const rand = rng(`${key}pieces`);
  for (const [cx, cy, s] of [
    [62, 350, 1],
    [338, 356, 0.8],
    [104, 372, 0.55],
  ]) {
    const shape = [
      [-22, 4],
      [-10, -14],
      [14, -12],
      [24, 2],
      [6, 14],
      [-16, 14],
    ].map(([x, y]) => [cx + x * s * (0.8 + rand() * 0.4), cy + y * s * (0.8 + rand() * 0.4)]);
    body.push(`<polygon points="${pts(shape)}" fill="${dark}"/>`);
    body.push(
      `<polygon points="${pts(shape.map(([x, y]) => [x + (cx - x) * 0.25, y + (cy - y) * 0.25 - 3 * s]))}" fill="${light}"/>`,
    );
  }
  const loose = p.topping === 'swirl' ? 'drop' : p.topping;
  for (let i = 0; i < 6; i += 1)
    body.push(topping(loose, 150 + rand() * 150, 352 + rand() * 30, rand));
  return doc(400, 400, defs, body, 'Easter egg cut in half');
}
