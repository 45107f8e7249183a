// With lib/env.ts, the only module that reads process.env: what the proxy (no server-only
// imports there), shared page helpers and the browser need. Nothing secret may be read here.

/**
 * A variable as the server's environment holds it at run time, trimmed; undefined when unset or
 * blank. Never inlined by the bundler (a literal `process.env.NEXT_PUBLIC_X` would be frozen into
 * the build), so the proxy and the pages follow the environment the server runs with.
 */
export function runtimeEnv(name: string): string | undefined {
  const value = (process.env as Record<string, string | undefined>)[name]?.trim();
  return value ? value : undefined;
}

/**
 * The one reader of NEXT_PUBLIC_SITE_URL: the shop's public origin, or null when none is
 * configured (lib/env.ts checks it at start: an http(s) URL, https with Mercado Pago, localhost
 * with the emulators).
 */
export function configuredSiteOrigin(): string | null {
  const value = runtimeEnv('NEXT_PUBLIC_SITE_URL');
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The id of this build, written into the server's and the browser's code by next.config.ts
 * (`env`); a literal `process.env.SHOP_BUILD_ID` so that the bundler inlines it.
 */
export const SHOP_BUILD_ID = process.env.SHOP_BUILD_ID ?? 'development';

/** The page's stylesheet and the first frame's CSS (scripts/styles.mjs), inlined the same way. */
export const STYLESHEET_HREF = process.env.SHOP_STYLESHEET_HREF ?? '';
export const FIRST_FRAME_CSS = process.env.SHOP_FIRST_FRAME_CSS ?? '';

/**
 * Whether the build was made to be served over https (lib/security/baseline-headers.ts): read
 * with literal names so that the bundler inlines the build's values, as next.config.ts fixed
 * Next's own headers when it was built.
 */
export const BUILT_FOR_HTTPS =
  process.env.NODE_ENV === 'production' &&
  (process.env.NEXT_PUBLIC_SITE_URL ?? '').startsWith('https://');
