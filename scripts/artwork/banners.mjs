// The banners, the logo and the favicon (scripts/generate-artwork.mjs).

import { barArt, bars, silverGradient } from './bars.mjs';
import { eggs } from './egg-products.mjs';
import { egg, eggPath, halfEgg } from './eggs.mjs';
import { doc, linear, n, radial, rng, shadow } from './svg.mjs';

// Banners leave the left side calm because the HTML title sits there.
export function banner1() {
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

export function banner2() {
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

export function leaf(x, y, len, angle, color) {
  return `<g transform="rotate(${angle} ${x} ${y})"><path d="M${x} ${y}Q${x + len * 0.5} ${y - len * 0.28} ${x + len} ${y}Q${x + len * 0.5} ${y + len * 0.28} ${x} ${y}Z" fill="${color}"/><path d="M${x} ${y}H${x + len}" stroke="#1c4a22" stroke-width="2" opacity=".5"/></g>`;
}

export function cacaoPod(id, cx, cy, len, angle, colors) {
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

export function banner3() {
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

export function banner4() {
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

export function logo() {
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

export function icon() {
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
