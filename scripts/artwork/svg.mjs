// The SVG building blocks of the artwork (scripts/generate-artwork.mjs): a seeded random
// source, number formatting, the document and gradients, shadows and shades.

// Deterministic randomness keeps regenerated files byte-identical.
export function rng(seedText) {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const n = (value) => String(Math.round(value * 10) / 10);
export const pts = (list) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

export function doc(width, height, defs, body, label) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>\n`
  );
}

export function linear(id, stops, x1 = 0, y1 = 0, x2 = 1, y2 = 1) {
  const s = stops.map(([o, c, a]) =>
    a === undefined
      ? `<stop offset="${o}" stop-color="${c}"/>`
      : `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`,
  );
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s.join('')}</linearGradient>`;
}

export function radial(id, stops, cx = 0.5, cy = 0.5, r = 0.5) {
  const s = stops.map(([o, c, a]) =>
    a === undefined
      ? `<stop offset="${o}" stop-color="${c}"/>`
      : `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`,
  );
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s.join('')}</radialGradient>`;
}

export function shadow(id, cx, cy, rx, ry) {
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

export function shade(hex, amount) {
  const v = parseInt(hex.slice(1), 16);
  const c = [v >> 16, (v >> 8) & 255, v & 255].map((x) =>
    Math.max(0, Math.min(255, Math.round(amount > 0 ? x + (255 - x) * amount : x * (1 + amount)))),
  );
  return `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}
