// The Easter eggs' shapes (scripts/generate-artwork.mjs): whole and half eggs, bows, toppings
// and the product pictures' background.

import { linear, n, pts, radial, rng } from './svg.mjs';

// Egg outline: narrower at the top, widest a little below the middle.
export function eggPath(cx, cy, w, h) {
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

export function insideEgg(x, y, cx, cy, w, h, margin = 0.9) {
  const dx = (x - cx) / ((w / 2) * margin);
  const dy = (y - cy - h * 0.05) / ((h / 2) * margin);
  return dx * dx + dy * dy < 1;
}

export function bow(cx, cy, size, color, dark) {
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
export function egg(p, { id, cx, cy, w, h, withBow = true, lite = false, hl }) {
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
export function halfEgg(p, { id, cx, rimY, w, depth }) {
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

export function topping(kind, x, y, rand) {
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

export function productBackground(id, tint) {
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
