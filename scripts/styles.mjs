// The shop's two stylesheets, compiled by Tailwind outside Next's CSS pipeline, which would link
// every stylesheet in <head>, where it holds the first frame until it has loaded:
// - app/globals.css, the page's stylesheet, written to public/_css/ under a name that changes
//   with its content (served as immutable, next.config.ts); the layout links it in <body>, after
//   the splash (app/[locale]/layout.tsx);
// - app/first-frame.css, the background and the splash, inlined at the top of <body>.
// scripts/build.mjs compiles them before `next build`, and `npm run dev` (--watch, at the end of
// this file) before `next dev`; both hand them to Next in the environment (STYLES_ENV), which
// next.config.ts writes into the server's code (lib/public-env.ts).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the page's stylesheet is written; a build's output, not a source (scripts/start.mjs). */
export const CSS_DIR = join(ROOT, 'public', '_css');
/** Where the page's stylesheet is served from. */
export const CSS_PATH = '/_css/';
/** The page stylesheet's name under `next dev`, rewritten in place by the watcher. */
const DEV_NAME = 'shop.css';
/** What the watcher follows (Tailwind finds the class names in the repository itself). */
const SOURCES = ['app', 'components', 'lib'];

async function compile(file, minify) {
  // Loaded here, not at the top: scripts/start.mjs reads CSS_DIR in a production install, which
  // has no Tailwind.
  const [{ default: tailwind }, { default: postcss }] = await Promise.all([
    import('@tailwindcss/postcss'),
    import('postcss'),
  ]);
  const from = join(ROOT, 'app', file);
  const result = await postcss([
    tailwind({ base: ROOT, optimize: minify ? { minify } : false }),
  ]).process(readFileSync(from, 'utf8'), { from });
  return result.css;
}

/**
 * Compiles both stylesheets and writes the page's one into `outDir`: for a build under a name
 * with its content's hash (replacing an earlier build's), for `next dev` as shop.css. Resolves
 * to the environment variables that hand both to Next.
 */
export async function buildStyles({ dev = false, outDir = CSS_DIR } = {}) {
  const [page, firstFrame] = await Promise.all([
    compile('globals.css', !dev),
    compile('first-frame.css', !dev),
  ]);
  const name = dev
    ? DEV_NAME
    : `shop-${createHash('sha256').update(page).digest('hex').slice(0, 16)}.css`;
  mkdirSync(outDir, { recursive: true });
  if (!dev) {
    for (const old of readdirSync(outDir)) {
      if (old !== DEV_NAME) rmSync(join(outDir, old), { force: true });
    }
  }
  writeFileSync(join(outDir, name), page);
  return { SHOP_STYLESHEET_HREF: CSS_PATH + name, SHOP_FIRST_FRAME_CSS: firstFrame.trim() };
}

/**
 * Recompiles the page's stylesheet (shop.css) whenever a source changes. The first frame's CSS
 * was handed to `next dev` when it started: a change to app/first-frame.css, app/theme.css or
 * the splash needs a restart.
 */
function watchStyles() {
  let timer;
  const rebuild = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        writeFileSync(join(CSS_DIR, DEV_NAME), await compile('globals.css', false));
        console.log(`[styles] ${CSS_PATH}${DEV_NAME} rebuilt: reload the page`);
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

// `node scripts/styles.mjs --watch <command...>` (`npm run dev`): compiles the stylesheets, runs
// the command (`next dev`) with them in its environment and keeps the page's stylesheet current.
async function runWatching([command, ...args]) {
  const styles = await buildStyles({ dev: true });
  watchStyles();
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...styles } });
  child.on('error', (error) => {
    console.error(`[styles] could not run ${command}: ${error.message}`);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

// Not a top-level await: next.config.ts loads this module with require().
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--watch') {
  runWatching(process.argv.slice(3)).catch((error) => {
    console.error('[styles]', error);
    process.exit(1);
  });
}
