// The two stylesheets (scripts/styles.mjs): the first frame's, inlined before the splash, must
// hold everything the splash needs and nothing of the page; the page's one, linked after it, is
// named by its content.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

type Built = { href: string; firstFrameCss: string; files: string[]; page: string };
type Env = { SHOP_STYLESHEET_HREF: string; SHOP_FIRST_FRAME_CSS: string };

/** Runs buildStyles (an ES module script) in a Node of its own, into a temporary directory. */
function build(dev: boolean): Built {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-css-'));
  try {
    const script =
      `import { buildStyles } from './scripts/styles.mjs';` +
      `const built = await buildStyles(${JSON.stringify({ dev, outDir })});` +
      `process.stdout.write(JSON.stringify(built));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
    });
    const env = JSON.parse(out.toString()) as Env;
    const href = env.SHOP_STYLESHEET_HREF;
    const files = fs.readdirSync(outDir);
    const page = fs.readFileSync(path.join(outDir, path.basename(href)), 'utf8');
    return { href, firstFrameCss: env.SHOP_FIRST_FRAME_CSS, files, page };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

test('a build names the page stylesheet by its content; the first frame gets the splash alone', () => {
  const built = build(false);
  expect(built.files).toEqual([path.basename(built.href)]);
  expect(built.href).toMatch(/^\/_css\/shop-[0-9a-f]{16}\.css$/);

  const first = built.firstFrameCss;
  // The splash's overlay, its mark, the first-frame rule and the splash's animations.
  for (const rule of [
    '.fixed{position:fixed}',
    '.z-\\[100\\]{z-index:100}',
    'html[data-splash] .\\[html\\[data-splash\\]_\\&\\]\\:grid{display:grid}',
    '.sm\\:h-32{',
    '.dark\\:fill-cacao-100:where(.dark,.dark *)',
    'html[data-first-frame] body>:not(#intro-splash)',
    '@keyframes splash-out',
    '@keyframes splash-lettering',
    'html{background-color:var(--color-cacao-50)}',
  ]) {
    expect(first).toContain(rule);
  }
  // Nothing of the page before its stylesheet (a rule of its own, whatever the minifier merges).
  expect(first).toMatch(/\}body>:not\(#intro-splash\)[^{]*\{display:none\}/);
  // Nothing of the page: no reset, none of its utilities.
  expect(first).not.toContain('box-sizing:border-box');
  expect(first).not.toContain('.add-to-cart');
  expect(first.length).toBeLessThan(4000);

  // The page's stylesheet has the rest, and leaves the first frame's rules to it.
  expect(built.page).toContain('box-sizing:border-box');
  expect(built.page).toContain('.add-to-cart{');
  expect(built.page).toContain('html body>:not(#intro-splash){display:revert-layer}');
  expect(built.page).not.toContain('data-first-frame');
  expect(built.page).not.toContain('@keyframes splash-out');
});

test('`next dev` gets shop.css, which the watcher rewrites in place', () => {
  const built = build(true);
  expect(built.href).toBe('/_css/shop.css');
  expect(built.files).toEqual(['shop.css']);
});
