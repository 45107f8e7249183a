// The chocolate bars' artwork (scripts/generate-artwork.mjs): wrapped and unwrapped bars, and
// each bar product's colours.

import { productBackground, topping } from './eggs.mjs';
import { doc, linear, n, pts, rng, shade } from './svg.mjs';

export const bars = {
  'barra-tropical-amazonas': {
    pct: 45,
    choc: '#7b4a2e',
    wrap: ['#2f7d4f', '#1c5232'],
    extra: 'nut',
  },
  'barra-tropical-rio': {
    pct: 55,
    choc: '#6a3d26',
    wrap: ['#1fa3a8', '#10686c'],
    extra: 'coconut',
  },
  'barra-tropical-minas': {
    pct: 35,
    choc: '#8a5633',
    wrap: ['#c9843a', '#8a5420'],
    extra: 'swirl',
  },
  'barra-tropical-sampa': {
    pct: 40,
    choc: '#6f4530',
    wrap: ['#4a4f57', '#25282d'],
    extra: 'coffee',
  },
  'barra-tropical-bahia': { pct: 70, choc: '#3f2116', wrap: ['#b3262e', '#701318'], extra: 'nibs' },
  'barra-tropical-parana': {
    pct: 35,
    choc: '#f0e2c4',
    wrap: ['#e27a9c', '#a8466a'],
    extra: 'strawberry',
  },
};

// A chocolate square tile with a bevel, reused through a pattern.
export function squaresPattern(id, choc, size, x = 0, y = 0) {
  return (
    `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse" x="${n(x)}" y="${n(y)}">` +
    `<rect width="${size}" height="${size}" fill="${shade(choc, -0.3)}"/>` +
    `<rect x="2" y="2" width="${size - 4}" height="${size - 4}" rx="2" fill="${shade(choc, 0.22)}"/>` +
    `<rect x="6" y="6" width="${size - 10}" height="${size - 10}" rx="2" fill="${choc}"/>` +
    `<rect x="6" y="6" width="${size - 10}" height="3" fill="${shade(choc, 0.35)}" opacity=".6"/></pattern>`
  );
}

export function barArt(key, b, { id, x, y, w, h, rotate, unwrapped = 0.36, silver }) {
  const defs = [];
  const cx = x + w / 2;
  const cy = y + h / 2;
  const tile = w / 3;
  defs.push(squaresPattern(`${id}p`, b.choc, tile, x, y));
  defs.push(
    linear(
      `${id}w`,
      [
        ['0', b.wrap[1]],
        ['.3', b.wrap[0]],
        ['.7', shade(b.wrap[0], 0.15)],
        ['1', b.wrap[1]],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  const foil = silver ?? `${id}s`;
  if (!silver) defs.push(silverGradient(foil));
  const wrapTop = y + h * unwrapped;
  const rand = rng(key + id);
  const jag = [[x - 3, wrapTop + 8]];
  for (let i = 0; i <= 10; i += 1)
    jag.push([x - 3 + ((w + 6) * i) / 10, wrapTop - 6 + (i % 2) * 8 + rand() * 4]);
  jag.push([x + w + 3, wrapTop + 8]);
  const body = [
    `<g transform="rotate(${rotate} ${n(cx)} ${n(cy)})">`,
    `<rect x="${n(x + 6)}" y="${n(y + 8)}" width="${n(w)}" height="${n(h)}" rx="6" fill="#3b1f10" opacity=".18"/>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="5" fill="url(#${id}p)"/>`,
    `<polygon points="${pts(jag)}" fill="url(#${foil})"/>`,
    `<rect x="${n(x - 4)}" y="${n(wrapTop)}" width="${n(w + 8)}" height="${n(y + h - wrapTop + 2)}" rx="4" fill="url(#${id}w)"/>`,
    `<rect x="${n(x - 4)}" y="${n(wrapTop + 10)}" width="${n(w + 8)}" height="5" fill="#fff" opacity=".35"/>`,
    `<rect x="${n(x - 4)}" y="${n(y + h - 22)}" width="${n(w + 8)}" height="5" fill="#fff" opacity=".35"/>`,
  ];
  const labelY = wrapTop + (y + h - wrapTop) * 0.55;
  body.push(
    `<circle cx="${n(cx)}" cy="${n(labelY)}" r="${n(w * 0.36)}" fill="#fffaf2" opacity=".95"/>`,
  );
  body.push(
    `<circle cx="${n(cx)}" cy="${n(labelY)}" r="${n(w * 0.36 - 5)}" fill="none" stroke="${b.wrap[0]}" stroke-width="2"/>`,
  );
  body.push(pod(cx, labelY - w * 0.17, w * 0.09, b.wrap[0], b.wrap[1], -90));
  body.push(
    `<text x="${n(cx)}" y="${n(labelY + w * 0.13)}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${n(w * 0.22)}" fill="${b.wrap[1]}">${b.pct}%</text>`,
  );
  body.push('</g>');
  return { defs, body };
}

export function silverGradient(id) {
  return linear(
    id,
    [
      ['0', '#9aa0a8'],
      ['.5', '#f4f6f8'],
      ['1', '#8c9299'],
    ],
    0,
    0,
    1,
    0,
  );
}

export function pod(cx, cy, size, color, dark, rotate = 0) {
  const s = size;
  return (
    `<g transform="rotate(${rotate} ${n(cx)} ${n(cy)})"><path d="M${n(cx - s * 2)} ${n(cy)}C${n(cx - s)} ${n(cy - s * 1.2)} ${n(cx + s)} ${n(cy - s * 1.2)} ${n(cx + s * 2)} ${n(cy)}C${n(cx + s)} ${n(cy + s * 1.2)} ${n(cx - s)} ${n(cy + s * 1.2)} ${n(cx - s * 2)} ${n(cy)}Z" fill="${color}"/>` +
    `<path d="M${n(cx - s * 1.6)} ${n(cy)}H${n(cx + s * 1.6)}M${n(cx - s * 1.3)} ${n(cy - s * 0.45)}Q${n(cx)} ${n(cy - s * 0.8)} ${n(cx + s * 1.3)} ${n(cy - s * 0.45)}M${n(cx - s * 1.3)} ${n(cy + s * 0.45)}Q${n(cx)} ${n(cy + s * 0.8)} ${n(cx + s * 1.3)} ${n(cy + s * 0.45)}" stroke="${dark}" stroke-width="${n(Math.max(1, s * 0.15))}" fill="none"/></g>`
  );
}

export function barDetail(key, b) {
  const bg = productBackground('bg', '#f3e3cb');
  const defs = [...bg.defs];
  const body = [...bg.body];
  const x = 95;
  const y = 70;
  const w = 186;
  const h = 248;
  const tile = 62;
  defs.push(squaresPattern('sq', b.choc, tile, x, y));
  defs.push(
    `<g id="bar"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="url(#sq)"/>${barExtra(b, x, y, w, h)}</g>`,
  );
  const crack = [
    [x + w + 2, y + h * 0.58],
    [x + w * 0.7, y + h * 0.63],
    [x + w * 0.64, y + h * 0.74],
    [x + w * 0.52, y + h * 0.8],
    [x + w * 0.48, y + h + 2],
  ];
  defs.push(
    `<clipPath id="keep"><polygon points="${pts([[x - 2, y - 2], [x + w + 2, y - 2], ...crack, [x - 2, y + h + 2]])}"/></clipPath>`,
  );
  defs.push(
    `<clipPath id="piece"><polygon points="${pts([...crack, [x + w + 2, y + h + 2]])}"/></clipPath>`,
  );
  body.push(`<g transform="rotate(-8 200 200)">`);
  body.push(
    `<rect x="${x + 8}" y="${y + 10}" width="${w}" height="${h}" rx="6" fill="#3b1f10" opacity=".16" clip-path="url(#keep)"/>`,
  );
  body.push(`<use href="#bar" clip-path="url(#keep)"/>`);
  body.push(
    `<polyline points="${pts(crack)}" fill="none" stroke="${shade(b.choc, -0.35)}" stroke-width="3"/>`,
  );
  body.push(
    `<g transform="translate(38 46) rotate(14 ${n(x + w * 0.8)} ${n(y + h * 0.8)})"><use href="#bar" clip-path="url(#piece)"/>`,
  );
  body.push(
    `<polyline points="${pts(crack)}" fill="none" stroke="${b.extra === 'swirl' ? '#e0a85a' : shade(b.choc, 0.25)}" stroke-width="4"/></g></g>`,
  );
  const rand = rng(`${key}crumbs`);
  for (let i = 0; i < 7; i += 1) {
    const cx = 60 + rand() * 90;
    const cy = 320 + rand() * 50;
    body.push(
      `<polygon points="${pts([
        [cx, cy - 4],
        [cx + 6, cy],
        [cx + 1, cy + 5],
        [cx - 5, cy + 1],
      ])}" fill="${shade(b.choc, (rand() - 0.5) * 0.4)}"/>`,
    );
  }
  const scatter = rng(`${key}extra`);
  const extra = b.extra === 'swirl' ? 'drop' : b.extra;
  for (let i = 0; i < 5; i += 1)
    body.push(topping(extra, 300 + scatter() * 70, 50 + scatter() * 90, scatter));
  return doc(400, 400, defs, body, 'Chocolate bar detail');
}

export function barExtra(b, x, y, w, h) {
  if (b.extra === 'swirl') {
    return `<path d="M${x + 14} ${y + 40}c30 -20 50 20 80 0s50 20 80 0M${x + 14} ${y + 130}c30 -20 50 20 80 0s50 20 80 0M${x + 14} ${y + 210}c30 -20 50 20 80 0s50 20 80 0" fill="none" stroke="#e0a85a" stroke-width="5" stroke-linecap="round" opacity=".9"/>`;
  }
  if (b.extra === 'coffee') {
    const rand = rng('flecks');
    let out = '';
    for (let i = 0; i < 40; i += 1)
      out += `<circle cx="${n(x + 8 + rand() * (w - 16))}" cy="${n(y + 8 + rand() * (h - 16))}" r="${n(0.8 + rand() * 1.4)}" fill="#24140b"/>`;
    return out;
  }
  if (b.extra === 'strawberry') return '';
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#fff" opacity=".05"/>`;
}
