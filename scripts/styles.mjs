// The shop's two stylesheets, compiled by Tailwind outside Next's CSS pipeline, which would link
// every stylesheet in <head> where it holds the first frame until it has loaded:
// - app/globals.css, the page's stylesheet, written to public/_css/ under a name that changes
//   with its content (served as immutable, next.config.ts) and linked after the splash;
// - app/first-frame.css, the background and the splash, inlined at the top of <body>.
// next.config.ts compiles them once per build (and once when `next dev` starts) and hands both
// to the layout through the environment; `npm run dev` recompiles the page's stylesheet when a
// source changes (--watch, at the end of this file).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwind from '@tailwindcss/postcss';
import postcss from 'postcss';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CSS_DIR = join(ROOT, 'public', '_css');
/** Where the page's stylesheet is served from. */
export const CSS_PATH = '/_css/';
/** What the watcher follows (Tailwind finds the class names in the repository itself). */
const SOURCES = ['app', 'components', 'lib'];

async function compile(file, minify) {
  const from = join(ROOT, 'app', file);
  const result = await postcss([
    tailwind({ base: ROOT, optimize: minify ? { minify } : false }),
  ]).process(readFileSync(from, 'utf8'), { from });
  return result.css;
}

/**
 * Compiles both stylesheets and writes the page's one into public/_css/ (alone there): in a
 * build under a name with its content's hash, for `next dev` as shop.css, which the watcher
 * rewrites. Resolves to its address and the first frame's CSS.
 */
export async function buildStyles({ dev = false, outDir = CSS_DIR } = {}) {
  const [page, firstFrame] = await Promise.all([
    compile('globals.css', !dev),
    compile('first-frame.css', !dev),
  ]);
  const name = dev
    ? 'shop.css'
    : `shop-${createHash('sha256').update(page).digest('hex').slice(0, 16)}.css`;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, name), page);
  return { href: CSS_PATH + name, firstFrameCss: firstFrame.trim() };
}

/** Recompiles the page's stylesheet into public/_css/shop.css whenever a source changes. */
function watchStyles() {
  let timer;
  const rebuild = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        writeFileSync(join(CSS_DIR, 'shop.css'), await compile('globals.css', false));
        console.log('[styles] public/_css/shop.css rebuilt: reload the page');
      } catch (error) {
        console.error('[styles]', error);
      }
    }, 100);
  };
  for (const dir of SOURCES) {
    watch(join(ROOT, dir), { recursive: true }, (event, file) => {
      if (file && /\.(css|tsx?)$/.test(file)) rebuild();
    });
  }
}

// `node scripts/styles.mjs --watch <command...>`: runs the command (`next dev`, which compiles
// the stylesheets when it starts) and keeps the page's stylesheet current while it runs.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--watch') {
  const [command, ...args] = process.argv.slice(3);
  watchStyles();
  const child = spawn(command, args, { stdio: 'inherit', shell: false });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
