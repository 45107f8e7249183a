// Generates every product, banner, logo and favicon SVG so the artwork is original, reproducible
// and small. Run with `node scripts/generate-artwork.mjs`; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Deterministic randomness keeps regenerated files byte-identical.
function rng(seedText) {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (value) => String(Math.round(value * 10) / 10);
const pts = (list) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

function doc(width, height, defs, body, label) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>\n`
  );
}

function linear(id, stops, x1 = 0, y1 = 0, x2 = 1, y2 = 1) {
  const s = stops.map(([o, c, a]) =>
    a === undefined
      ? `<stop offset="${o}" stop-color="${c}"/>`
      : `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`,
  );
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s.join('')}</linearGradient>`;
}

function radial(id, stops, cx = 0.5, cy = 0.5, r = 0.5) {
  const s = stops.map(([o, c, a]) =>
    a === undefined
      ? `<stop offset="${o}" stop-color="${c}"/>`
      : `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`,
  );
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s.join('')}</radialGradient>`;
}

// Egg outline: narrower at the top, widest a little below the middle.
function eggPath(cx, cy, w, h) {
  const rx = w / 2;
  const top = cy - h / 2;
  const bottom = cy + h / 2;
  const wide = cy + h * 0.08;
  return (
    `M${n(cx)} ${n(top)}C${n(cx + rx * 0.6)} ${n(top)} ${n(cx + rx)} ${n(wide - h * 0.32)} ${n(cx + rx)} ${n(wide)}` +
    `C${n(cx + rx)} ${n(wide + h * 0.26)} ${n(cx + rx * 0.56)} ${n(bottom)} ${n(cx)} ${n(bottom)}` +
    `C${n(cx - rx * 0.56)} ${n(bottom)} ${n(cx - rx)} ${n(wide + h * 0.26)} ${n(cx - rx)} ${n(wide)}` +
    `C${n(cx - rx)} ${n(wide - h * 0.32)} ${n(cx - rx * 0.6)} ${n(top)} ${n(cx)} ${n(top)}Z`
  );
}

function insideEgg(x, y, cx, cy, w, h, margin = 0.9) {
  const dx = (x - cx) / ((w / 2) * margin);
  const dy = (y - cy - h * 0.05) / ((h / 2) * margin);
  return dx * dx + dy * dy < 1;
}

function shadow(id, cx, cy, rx, ry) {
  return {
    defs: [
      radial(id, [
        ['0', '#3b1f10', 0.35],
        ['1', '#3b1f10', 0],
      ]),
    ],
    body: [`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${id})"/>`],
  };
}

function bow(cx, cy, size, color, dark) {
  const s = size;
  return (
    `<path d="M${n(cx - 3)} ${n(cy)}L${n(cx - s * 0.7)} ${n(cy + s * 1.5)}L${n(cx - s * 0.35)} ${n(cy + s * 1.35)}L${n(cx - s * 0.2)} ${n(cy + s * 1.7)}L${n(cx + 2)} ${n(cy + 2)}Z" fill="${dark}"/>` +
    `<path d="M${n(cx + 3)} ${n(cy)}L${n(cx + s * 0.75)} ${n(cy + s * 1.45)}L${n(cx + s * 0.42)} ${n(cy + s * 1.35)}L${n(cx + s * 0.28)} ${n(cy + s * 1.7)}L${n(cx - 2)} ${n(cy + 2)}Z" fill="${color}"/>` +
    `<path d="M${n(cx)} ${n(cy)}C${n(cx - s * 0.6)} ${n(cy - s * 1.1)} ${n(cx - s * 1.5)} ${n(cy - s * 0.6)} ${n(cx - s * 1.2)} ${n(cy + s * 0.1)}C${n(cx - s)} ${n(cy + s * 0.55)} ${n(cx - s * 0.4)} ${n(cy + s * 0.3)} ${n(cx)} ${n(cy)}Z" fill="${color}" stroke="${dark}" stroke-width="2"/>` +
    `<path d="M${n(cx)} ${n(cy)}C${n(cx + s * 0.6)} ${n(cy - s * 1.1)} ${n(cx + s * 1.5)} ${n(cy - s * 0.6)} ${n(cx + s * 1.2)} ${n(cy + s * 0.1)}C${n(cx + s)} ${n(cy + s * 0.55)} ${n(cx + s * 0.4)} ${n(cy + s * 0.3)} ${n(cx)} ${n(cy)}Z" fill="${color}" stroke="${dark}" stroke-width="2"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(s * 0.26)}" ry="${n(s * 0.22)}" fill="${dark}"/>`
  );
}

// A whole egg: foil-wrapped (truffled, mini) or bare chocolate covered in chunks (com lascas).
function egg(p, { id, cx, cy, w, h, withBow = true, lite = false, hl }) {
  const defs = [];
  const body = [];
  const path = eggPath(cx, cy, w, h);
  defs.push(
    `<path id="${id}o" d="${path}"/><clipPath id="${id}c"><use href="#${id}o"/></clipPath>`,
  );
  if (p.foil) {
    const [dark, light, mid] = p.foil;
    defs.push(
      linear(
        `${id}f`,
        [
          ['0', light],
          ['.35', mid],
          ['.6', dark],
          ['.8', mid],
          ['1', dark],
        ],
        0,
        0,
        1,
        1,
      ),
    );
  } else {
    const [dark, light] = p.shell;
    defs.push(
      linear(
        `${id}f`,
        [
          ['0', light],
          ['.55', dark],
          ['1', dark],
        ],
        0.2,
        0,
        0.8,
        1,
      ),
    );
  }
  // Callers drawing several eggs pass a shared highlight gradient to keep files small.
  const highlight = hl ?? `${id}h`;
  if (!hl)
    defs.push(
      radial(highlight, [
        ['0', '#fff', 0.7],
        ['1', '#fff', 0],
      ]),
    );
  body.push(`<use href="#${id}o" fill="url(#${id}f)"/>`);
  body.push(`<g clip-path="url(#${id}c)">`);
  if (p.split) {
    defs.push(
      linear(
        `${id}w`,
        [
          ['0', '#fffaf0'],
          ['1', p.split],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    body.push(
      `<rect x="${n(cx - w / 2)}" y="${n(cy - h / 2)}" width="${n(w / 2)}" height="${n(h)}" fill="url(#${id}w)"/>`,
    );
  }
  const rand = rng(id + p.key);
  if (p.foil) {
    // Crinkles catch the light like real foil.
    let d = '';
    for (let i = 0; i < (lite ? 4 : 9); i += 1) {
      const x = cx - w / 2 + rand() * w;
      const y = cy - h / 2 + rand() * h;
      d += `M${n(x)} ${n(y)}l${n((rand() - 0.5) * 40)} ${n(10 + rand() * 20)}l${n((rand() - 0.5) * 40)} ${n(15 + rand() * 10)}`;
    }
    body.push(`<path d="${d}" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="1.5"/>`);
  } else {
    const count = Math.round((w * h) / (lite ? 2600 : 1300));
    for (let i = 0; i < count; i += 1) {
      const x = cx - w / 2 + rand() * w;
      const y = cy - h / 2 + rand() * h;
      if (!insideEgg(x, y, cx, cy, w, h, 1)) continue;
      const s = (4 + rand() * 7) * (w / 220);
      const a = rand() * Math.PI;
      const poly = [0, 1.7, 3.3, 4.6].map((k) => [
        x + Math.cos(a + k) * s * (0.7 + rand() * 0.6),
        y + Math.sin(a + k) * s * (0.5 + rand() * 0.5),
      ]);
      const left = p.split && x < cx;
      const palette = left ? p.splitChunks : p.chunks;
      body.push(
        `<polygon points="${pts(poly)}" fill="${palette[Math.floor(rand() * palette.length)]}"/>`,
      );
    }
  }
  body.push(
    `<ellipse cx="${n(cx - w * 0.2)}" cy="${n(cy - h * 0.2)}" rx="${n(w * 0.16)}" ry="${n(h * 0.2)}" fill="url(#${highlight})" transform="rotate(-20 ${n(cx - w * 0.2)} ${n(cy - h * 0.2)})"/>`,
  );
  if (withBow) {
    const by = cy + h * 0.04;
    const bh = h * 0.045;
    body.push(
      `<path d="M${n(cx - w)} ${n(by - bh)}Q${n(cx)} ${n(by + bh * 1.6)} ${n(cx + w)} ${n(by - bh)}V${n(by + bh)}Q${n(cx)} ${n(by + bh * 3.6)} ${n(cx - w)} ${n(by + bh)}Z" fill="${p.ribbon[0]}"/>`,
    );
  }
  body.push(
    `<use href="#${id}o" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="2"/></g>`,
  );
  if (withBow)
    body.push(bow(cx, cy + h * 0.04 + h * 0.045 * 1.3, w * 0.16, p.ribbon[0], p.ribbon[1]));
  return { defs, body };
}

// Bowl view of half an egg: shell outside, filling ring at the cut, toppings inside.
function halfEgg(p, { id, cx, rimY, w, depth }) {
  const rx = w / 2;
  const ry = w * 0.17;
  const defs = [];
  const body = [];
  const [dark, light] = p.inner ?? p.shell ?? ['#5a3019', '#8a5433'];
  defs.push(
    linear(
      `${id}s`,
      [
        ['0', dark],
        ['.35', light],
        ['1', dark],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  defs.push(
    radial(
      `${id}i`,
      [
        ['0', p.filling[1]],
        ['1', p.filling[0]],
      ],
      0.5,
      0.35,
      0.6,
    ),
  );
  const bowl = `M${n(cx - rx)} ${n(rimY)}C${n(cx - rx)} ${n(rimY + depth * 1.25)} ${n(cx + rx)} ${n(rimY + depth * 1.25)} ${n(cx + rx)} ${n(rimY)}Z`;
  defs.push(`<clipPath id="${id}b"><path d="${bowl}"/></clipPath>`);
  body.push(`<path d="${bowl}" fill="url(#${id}s)"/>`);
  const rand = rng(`${id}${p.key}half`);
  if (p.split) {
    body.push(
      `<g clip-path="url(#${id}b)"><rect x="${n(cx - rx)}" y="${n(rimY)}" width="${n(rx)}" height="${n(depth * 1.2)}" fill="${p.split}"/></g>`,
    );
  }
  if (p.chunks) {
    const out = [];
    for (let i = 0; i < 22; i += 1) {
      const x = cx - rx + rand() * w;
      const y = rimY + rand() * depth;
      const s = 4 + rand() * 6;
      const left = p.split && x < cx;
      const palette = left ? p.splitChunks : p.chunks;
      out.push(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(s * 1.4)}" height="${n(s)}" transform="rotate(${n(rand() * 90)} ${n(x)} ${n(y)})" fill="${palette[Math.floor(rand() * palette.length)]}"/>`,
      );
    }
    body.push(`<g clip-path="url(#${id}b)">${out.join('')}</g>`);
  }
  const rim = p.rim ?? p.shell?.[1] ?? '#8a5433';
  body.push(`<ellipse cx="${n(cx)}" cy="${n(rimY)}" rx="${n(rx)}" ry="${n(ry)}" fill="${rim}"/>`);
  if (p.split) {
    defs.push(
      `<clipPath id="${id}l"><rect x="${n(cx - rx)}" y="${n(rimY - ry)}" width="${n(rx)}" height="${n(ry * 2)}"/></clipPath>`,
    );
    body.push(
      `<ellipse cx="${n(cx)}" cy="${n(rimY)}" rx="${n(rx)}" ry="${n(ry)}" fill="${p.split}" clip-path="url(#${id}l)"/>`,
    );
  }
  body.push(
    `<ellipse cx="${n(cx)}" cy="${n(rimY + 1)}" rx="${n(rx - 9)}" ry="${n(ry - 4)}" fill="${p.filling[0]}"/>`,
  );
  body.push(
    `<ellipse cx="${n(cx)}" cy="${n(rimY + 3)}" rx="${n(rx - 20)}" ry="${n(ry - 9)}" fill="url(#${id}i)"/>`,
  );
  defs.push(
    `<clipPath id="${id}t"><ellipse cx="${n(cx)}" cy="${n(rimY + 3)}" rx="${n(rx - 22)}" ry="${n(ry - 10)}"/></clipPath>`,
  );
  const tops = [];
  for (let i = 0; i < 14; i += 1) {
    const x = cx - rx + 22 + rand() * (w - 44);
    const y = rimY - ry + 10 + rand() * (ry * 2 - 14);
    tops.push(topping(p.topping, x, y, rand));
  }
  body.push(`<g clip-path="url(#${id}t)">${tops.join('')}</g>`);
  return { defs, body };
}

function topping(kind, x, y, rand) {
  const r = rand() * 180;
  const t = `transform="rotate(${n(r)} ${n(x)} ${n(y)})"`;
  switch (kind) {
    case 'peanut':
      return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="7" ry="4.5" fill="#d9b27a" stroke="#a9773e" ${t}/>`;
    case 'pistachio':
      return `<polygon points="${pts([
        [x, y - 5],
        [x + 7, y],
        [x + 2, y + 5],
        [x - 6, y + 2],
      ])}" fill="${rand() > 0.5 ? '#6c9a35' : '#b9d77a'}" ${t}/>`;
    case 'cookie':
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(4 + rand() * 5)}" fill="#b98a55"/><circle cx="${n(x + 1)}" cy="${n(y - 1)}" r="1.6" fill="#3b2012"/>`;
    case 'passion':
      return rand() > 0.45
        ? `<ellipse cx="${n(x)}" cy="${n(y)}" rx="2.4" ry="3.4" fill="#2a1a0c" ${t}/>`
        : `<rect x="${n(x)}" y="${n(y)}" width="12" height="3" rx="1.5" fill="#fffaf0" ${t}/>`;
    case 'coconut':
      return `<rect x="${n(x)}" y="${n(y)}" width="13" height="3.5" rx="1.7" fill="${rand() > 0.5 ? '#fff8ea' : '#e8c89a'}" ${t}/>`;
    case 'strawberry':
      return `<polygon points="${pts([
        [x, y - 4],
        [x + 5, y + 1],
        [x - 1, y + 5],
        [x - 5, y],
      ])}" fill="${rand() > 0.4 ? '#d8344a' : '#f07a8c'}" ${t}/>`;
    case 'coffee':
      return `<g ${t}><ellipse cx="${n(x)}" cy="${n(y)}" rx="6" ry="4.2" fill="#3a2114"/><path d="M${n(x - 5)} ${n(y)}h10" stroke="#1c0f08" stroke-width="1.2"/></g>`;
    case 'nut':
      return `<path d="M${n(x - 7)} ${n(y)}Q${n(x)} ${n(y - 7)} ${n(x + 7)} ${n(y)}Q${n(x)} ${n(y + 4)} ${n(x - 7)} ${n(y)}Z" fill="#eddcb8" stroke="#8a5a2e" ${t}/>`;
    case 'drop':
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(5 + rand() * 5)}" fill="#d69a4c"/><circle cx="${n(x - 2)}" cy="${n(y - 2)}" r="2" fill="#f6d7a0"/>`;
    case 'swirl':
      return `<path d="M${n(x - 10)} ${n(y)}q5 -6 10 0t10 0" fill="none" stroke="#e0a85a" stroke-width="3" stroke-linecap="round"/>`;
    default:
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(2 + rand() * 3)}" fill="#4a2816"/>`;
  }
}

function productBackground(id, tint) {
  return {
    defs: [
      radial(
        `${id}`,
        [
          ['0', '#fffaf2'],
          ['.7', tint],
          ['1', '#ecd6b8'],
        ],
        0.5,
        0.42,
        0.7,
      ),
    ],
    body: [`<rect width="400" height="400" fill="url(#${id})"/>`],
  };
}

const milkChunks = ['#8a5433', '#5a3019', '#a26a43'];
const whiteChunks = ['#fffaf0', '#efe0c2', '#e4d1ad'];

const eggs = {
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

const bars = {
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

function shade(hex, amount) {
  const v = parseInt(hex.slice(1), 16);
  const c = [v >> 16, (v >> 8) & 255, v & 255].map((x) =>
    Math.max(0, Math.min(255, Math.round(amount > 0 ? x + (255 - x) * amount : x * (1 + amount)))),
  );
  return `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

// A chocolate square tile with a bevel, reused through a pattern.
function squaresPattern(id, choc, size, x = 0, y = 0) {
  return (
    `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse" x="${n(x)}" y="${n(y)}">` +
    `<rect width="${size}" height="${size}" fill="${shade(choc, -0.3)}"/>` +
    `<rect x="2" y="2" width="${size - 4}" height="${size - 4}" rx="2" fill="${shade(choc, 0.22)}"/>` +
    `<rect x="6" y="6" width="${size - 10}" height="${size - 10}" rx="2" fill="${choc}"/>` +
    `<rect x="6" y="6" width="${size - 10}" height="3" fill="${shade(choc, 0.35)}" opacity=".6"/></pattern>`
  );
}

function barArt(key, b, { id, x, y, w, h, rotate, unwrapped = 0.36, silver }) {
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

function silverGradient(id) {
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

function pod(cx, cy, size, color, dark, rotate = 0) {
  const s = size;
  return (
    `<g transform="rotate(${rotate} ${n(cx)} ${n(cy)})"><path d="M${n(cx - s * 2)} ${n(cy)}C${n(cx - s)} ${n(cy - s * 1.2)} ${n(cx + s)} ${n(cy - s * 1.2)} ${n(cx + s * 2)} ${n(cy)}C${n(cx + s)} ${n(cy + s * 1.2)} ${n(cx - s)} ${n(cy + s * 1.2)} ${n(cx - s * 2)} ${n(cy)}Z" fill="${color}"/>` +
    `<path d="M${n(cx - s * 1.6)} ${n(cy)}H${n(cx + s * 1.6)}M${n(cx - s * 1.3)} ${n(cy - s * 0.45)}Q${n(cx)} ${n(cy - s * 0.8)} ${n(cx + s * 1.3)} ${n(cy - s * 0.45)}M${n(cx - s * 1.3)} ${n(cy + s * 0.45)}Q${n(cx)} ${n(cy + s * 0.8)} ${n(cx + s * 1.3)} ${n(cy + s * 0.45)}" stroke="${dark}" stroke-width="${n(Math.max(1, s * 0.15))}" fill="none"/></g>`
  );
}

function barDetail(key, b) {
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

function barExtra(b, x, y, w, h) {
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

function eggProduct(key, p) {
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

function eggDetail(key, p) {
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

// Banners leave the left side calm because the HTML title sits there.
function banner1() {
  const defs = [
    linear(
      'sky',
      [
        ['0', '#fbe3c0'],
        ['1', '#f0b886'],
      ],
      0,
      0,
      0,
      1,
    ),
    radial('hl', [
      ['0', '#fff', 0.7],
      ['1', '#fff', 0],
    ]),
  ];
  const body = ['<rect width="740" height="420" fill="url(#sky)"/>'];
  body.push('<circle cx="600" cy="120" r="170" fill="#fff3dc" opacity=".5"/>');
  defs.push(
    '<pattern id="weave" width="28" height="18" patternUnits="userSpaceOnUse"><rect width="28" height="18" fill="#9a5f2c"/><ellipse cx="7" cy="5" rx="12" ry="4" fill="#c98a4a"/><ellipse cx="21" cy="14" rx="12" ry="4" fill="#b8783b"/></pattern>',
  );
  const eggsIn = [
    ['ovo-pistache', 470, 200, 120, 160],
    ['ovo-cookies-com-nutella', 570, 185, 128, 172],
    ['ovo-tropical-maravilha', 660, 210, 112, 150],
    ['ovo-caramelo-com-amendoim', 520, 235, 104, 140],
    ['ovo-tropical-rio', 615, 240, 104, 140],
  ];
  body.push('<path d="M418 262Q560 -110 702 262" fill="none" stroke="#8a5226" stroke-width="14"/>');
  eggsIn.forEach(([key, cx, cy, w, h], i) => {
    const e = egg(eggs[key], { id: `b${i}`, cx, cy, w, h, withBow: false, lite: true, hl: 'hl' });
    defs.push(...e.defs);
    body.push(...e.body);
  });
  const rand = rng('straw');
  const straw = ['', ''];
  for (let i = 0; i < 16; i += 1) {
    const x0 = 420 + rand() * 240;
    straw[i % 2] +=
      `M${n(x0)} ${n(266 + rand() * 12)}q30 ${n(-20 + rand() * 20)} ${n(40 + rand() * 30)} ${n(-4 + rand() * 8)}`;
  }
  body.push(
    `<g fill="none" stroke-width="3" stroke-linecap="round"><path d="${straw[0]}" stroke="#f3dc94"/><path d="${straw[1]}" stroke="#e8c76a"/></g>`,
  );
  body.push('<ellipse cx="560" cy="398" rx="190" ry="16" fill="#7a3f1a" opacity=".2"/>');
  body.push('<path d="M400 270H720L690 390Q560 410 430 390Z" fill="url(#weave)"/>');
  body.push(
    '<rect x="392" y="258" width="336" height="24" rx="12" fill="#b8783b"/><rect x="392" y="262" width="336" height="6" rx="3" fill="#e0a868" opacity=".7"/>',
  );
  const loose = egg(eggs['mini-ovo'], {
    id: 'm',
    cx: 350,
    cy: 360,
    w: 56,
    h: 72,
    withBow: false,
    lite: true,
    hl: 'hl',
  });
  defs.push(...loose.defs);
  body.push(...loose.body);
  return doc(740, 420, defs, body, 'Easter eggs in a basket');
}

function banner2() {
  const defs = [
    radial(
      'bg',
      [
        ['0', '#7a4528'],
        ['1', '#2e170c'],
      ],
      0.72,
      0.45,
      0.8,
    ),
    silverGradient('sv'),
  ];
  const body = ['<rect width="740" height="420" fill="url(#bg)"/>'];
  const stack = [
    ['barra-tropical-bahia', 470, 60, 96, 300, -18],
    ['barra-tropical-rio', 560, 50, 96, 300, -6],
    ['barra-tropical-minas', 610, 80, 96, 300, 12],
    ['barra-tropical-amazonas', 400, 110, 90, 280, -32],
  ];
  stack.forEach(([key, x, y, w, h, r], i) => {
    const bar = barArt(
      key,
      { ...bars[key], pct: '' },
      { id: `s${i}`, x, y, w, h, rotate: r, silver: 'sv' },
    );
    defs.push(...bar.defs);
    body.push(...bar.body.filter((part) => !part.startsWith('<text')));
  });
  const rand = rng('beans');
  for (let i = 0; i < 5; i += 1) {
    const x = 380 + rand() * 340;
    const y = 360 + rand() * 50;
    body.push(
      `<g transform="rotate(${n(rand() * 180)} ${n(x)} ${n(y)})"><ellipse cx="${n(x)}" cy="${n(y)}" rx="14" ry="9" fill="#6a351c"/><path d="M${n(x - 9)} ${n(y)}h18" stroke="#3a1b0c" stroke-width="2"/></g>`,
    );
  }
  return doc(740, 420, defs, body, 'Wrapped chocolate bars');
}

function leaf(x, y, len, angle, color) {
  return `<g transform="rotate(${angle} ${x} ${y})"><path d="M${x} ${y}Q${x + len * 0.5} ${y - len * 0.28} ${x + len} ${y}Q${x + len * 0.5} ${y + len * 0.28} ${x} ${y}Z" fill="${color}"/><path d="M${x} ${y}H${x + len}" stroke="#1c4a22" stroke-width="2" opacity=".5"/></g>`;
}

function cacaoPod(id, cx, cy, len, angle, colors) {
  const r = len / 2;
  const w = len * 0.22;
  const d = `M${n(cx - r)} ${n(cy)}C${n(cx - r * 0.6)} ${n(cy - w * 1.4)} ${n(cx + r * 0.6)} ${n(cy - w * 1.4)} ${n(cx + r)} ${n(cy)}C${n(cx + r * 0.6)} ${n(cy + w * 1.4)} ${n(cx - r * 0.6)} ${n(cy + w * 1.4)} ${n(cx - r)} ${n(cy)}Z`;
  let ridges = '';
  for (const k of [-0.6, -0.2, 0.2, 0.6]) {
    ridges += `<path d="M${n(cx - r * 0.9)} ${n(cy)}Q${n(cx)} ${n(cy + k * w * 2.2)} ${n(cx + r * 0.9)} ${n(cy)}" fill="none" stroke="${colors[2]}" stroke-width="3" opacity=".55"/>`;
  }
  return {
    defs: [
      linear(
        id,
        [
          ['0', colors[1]],
          ['.5', colors[0]],
          ['1', colors[2]],
        ],
        0,
        0,
        0,
        1,
      ),
    ],
    body: `<g transform="rotate(${angle} ${n(cx)} ${n(cy)})"><path d="${d}" fill="url(#${id})"/>${ridges}</g>`,
  };
}

function banner3() {
  const defs = [
    linear(
      'bg',
      [
        ['0', '#e7f0d2'],
        ['1', '#f6dcb4'],
      ],
      0,
      0,
      1,
      1,
    ),
  ];
  const body = ['<rect width="740" height="420" fill="url(#bg)"/>'];
  body.push(
    leaf(420, 60, 220, -20, '#3f8f4e'),
    leaf(560, 20, 200, 30, '#2f6d3a'),
    leaf(700, 120, 180, 160, '#4fa25e'),
  );
  body.push(leaf(380, 330, 180, -40, '#2f6d3a'), leaf(640, 380, 150, -120, '#3f8f4e'));
  const pods = [
    ['p1', 520, 190, 230, -25, ['#e9a23b', '#f7d36b', '#a8561c']],
    ['p2', 640, 250, 200, 20, ['#c2462a', '#ef8a4e', '#7a2414']],
  ];
  for (const [id, cx, cy, len, a, colors] of pods) {
    const p = cacaoPod(id, cx, cy, len, a, colors);
    defs.push(...p.defs);
    body.push(p.body);
  }
  // The open pod shows the white pulp and beans that become chocolate.
  body.push(
    '<g transform="rotate(-8 520 330)"><path d="M410 320Q520 300 630 320Q600 380 520 384Q440 380 410 320Z" fill="#d98a2f"/><path d="M426 322Q520 306 614 322Q590 366 520 370Q450 366 426 322Z" fill="#f6efe2"/>',
  );
  const rand = rng('pulp');
  for (let i = 0; i < 9; i += 1) {
    const x = 450 + i * 18 + rand() * 4;
    const y = 334 + rand() * 16;
    body.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="10" ry="7" fill="#fffaf2" stroke="#e2d5be"/>`,
    );
  }
  body.push('</g>');
  for (let i = 0; i < 6; i += 1) {
    const x = 330 + rand() * 90;
    const y = 370 + rand() * 30;
    body.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="12" ry="8" fill="#6a351c" transform="rotate(${n(rand() * 180)} ${n(x)} ${n(y)})"/>`,
    );
  }
  return doc(740, 420, defs, body, 'Cacao pods and leaves');
}

function banner4() {
  const defs = [
    linear(
      'bg',
      [
        ['0', '#fff4e4'],
        ['1', '#f0cfa4'],
      ],
      0,
      0,
      0,
      1,
    ),
    linear(
      'drip',
      [
        ['0', '#3d1e0f'],
        ['1', '#6b3a1f'],
      ],
      0,
      0,
      0,
      1,
    ),
  ];
  const body = ['<rect width="740" height="420" fill="url(#bg)"/>'];
  const rand = rng('drip');
  let d = 'M0 0H740V54';
  let x = 740;
  while (x > 0) {
    const step = 40 + rand() * 50;
    const len = 20 + rand() * (x > 360 ? 110 : 40);
    const mid = x - step / 2;
    d += `C${n(x - 6)} 54 ${n(mid + 10)} 54 ${n(mid + 10)} ${n(54 + len)}A10 10 0 0 1 ${n(mid - 10)} ${n(54 + len)}C${n(mid - 10)} 54 ${n(x - step + 6)} 54 ${n(Math.max(0, x - step))} 54`;
    x -= step;
  }
  d += 'V0Z';
  body.push(`<path d="${d}" fill="url(#drip)"/>`);
  body.push(
    '<path d="M0 30Q370 46 740 26" stroke="#8a5433" stroke-width="6" fill="none" opacity=".5"/>',
  );
  const sh = shadow('sh', 560, 380, 190, 22);
  defs.push(...sh.defs);
  body.push(...sh.body);
  const half = halfEgg(eggs['ovo-pistache'], { id: 'h', cx: 540, rimY: 290, w: 220, depth: 90 });
  defs.push(...half.defs);
  body.push(...half.body);
  const bar = barArt('barra-tropical-bahia', bars['barra-tropical-bahia'], {
    id: 'bb',
    x: 628,
    y: 196,
    w: 70,
    h: 200,
    rotate: 16,
    unwrapped: 0.5,
  });
  defs.push(...bar.defs);
  body.push(...bar.body.filter((part) => !part.startsWith('<text')));
  const e = egg(eggs['ovo-caramelo-com-amendoim'], {
    id: 'e',
    cx: 400,
    cy: 320,
    w: 96,
    h: 128,
    lite: true,
  });
  defs.push(...e.defs);
  body.push(...e.body);
  return doc(
    740,
    420,
    defs,
    body,
    'A golden egg beside a bowl of pistachio cream and a chocolate bar',
  );
}

function logo() {
  const defs = [
    linear(
      'lg',
      [
        ['0', '#a0623a'],
        ['1', '#4a2414'],
      ],
      0,
      0,
      1,
      1,
    ),
  ];
  const body = [
    `<path d="${eggPath(30, 36, 38, 48)}" fill="url(#lg)"/>`,
    '<path d="M11.5 37Q30 45 48.5 37" stroke="#f5cf3a" stroke-width="4" fill="none"/>',
    leaf(31, 12.5, 18, -32, '#3f8f4e'),
    '<text x="62" y="30" font-family="sans-serif" font-weight="700" font-size="20" fill="#4a2414">Chocolates</text>',
    '<text x="62" y="52" font-family="sans-serif" font-size="17" letter-spacing="2" fill="#a0623a">Tropicais</text>',
  ];
  return doc(240, 64, defs, body, 'Chocolates Tropicais');
}

function icon() {
  const defs = [
    linear(
      'ig',
      [
        ['0', '#a0623a'],
        ['1', '#4a2414'],
      ],
      0,
      0,
      1,
      1,
    ),
  ];
  const body = [
    '<rect width="32" height="32" rx="7" fill="#fff4e4"/>',
    `<path d="${eggPath(16, 18.5, 19, 23)}" fill="url(#ig)"/>`,
    '<path d="M6.6 19.5Q16 23.5 25.4 19.5" stroke="#f5cf3a" stroke-width="2.2" fill="none"/>',
    leaf(16.5, 7.5, 9, -35, '#3f8f4e'),
  ];
  return doc(32, 32, defs, body, 'Chocolates Tropicais');
}

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
