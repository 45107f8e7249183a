// First-load JavaScript per route after `next build`, gzip-compressed, plus a scan of those chunks
// for code that must never reach the first load of public pages (Firebase, Mercado Pago, the ICU
// message parser that precompiled messages make unnecessary, Vercel's analytics scripts).
// Usage: node scripts/bundle-stats.mjs [--json]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const stats = JSON.parse(readFileSync('.next/diagnostics/route-bundle-stats.json', 'utf8'));
const FORBIDDEN = {
  firebase: /firebaseapp\.com|identitytoolkit|@firebase\/|firebase-admin|FIREBASE_/,
  // The SDK's loader (its script's address); the word alone is also a payment mode's name.
  mercadopago: /sdk\.mercadopago\.com/,
  // Error codes of @formatjs/icu-messageformat-parser and of intl-messageformat.
  messageformat: /EXPECT_ARGUMENT_CLOSING_BRACE|MISSING_INTL_API/,
  'vercel-insights': /_vercel\/insights\/script|_vercel\/speed-insights\/script/,
};

const cache = new Map();
function chunk(path) {
  if (!cache.has(path)) {
    const source = readFileSync(path);
    cache.set(path, { source: source.toString('utf8'), gz: gzipSync(source, { level: 9 }).length });
  }
  return cache.get(path);
}

const rows = stats
  .filter((entry) => !entry.route.startsWith('/_'))
  .map((entry) => {
    const chunks = entry.firstLoadChunkPaths.map(chunk);
    const found = Object.entries(FORBIDDEN)
      .filter(([, pattern]) => chunks.some((c) => pattern.test(c.source)))
      .map(([name]) => name);
    return {
      route: entry.route,
      firstLoadKbGz: Number((chunks.reduce((sum, c) => sum + c.gz, 0) / 1024).toFixed(1)),
      firstLoadKbRaw: Number((entry.firstLoadUncompressedJsBytes / 1024).toFixed(1)),
      forbiddenCode: found,
    };
  });

if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
else console.table(rows.map((r) => ({ ...r, forbiddenCode: r.forbiddenCode.join(', ') || '-' })));
