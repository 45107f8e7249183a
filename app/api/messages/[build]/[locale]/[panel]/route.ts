import { hasLocale } from 'next-intl';
import { getMessages } from 'next-intl/server';
import {
  isPanel,
  MESSAGES_BUILD,
  PANEL_NAMESPACES,
  pickMessages,
} from '@/lib/i18n/client-messages';
import { routing } from '@/lib/i18n/routing';
import { runtimeEnv } from '@/lib/public-env';

// Built once per locale and panel, for this build only: the texts change with a deployment, and
// the build's id in the address changes with them, so any cache may keep an answer for good.
export const dynamic = 'force-static';
export const dynamicParams = false;

// `next dev` keeps one id while messages/*.json change under it: there the texts are re-read.
const CACHED = {
  'Cache-Control':
    runtimeEnv('NODE_ENV') === 'development' ? 'no-cache' : 'public, max-age=31536000, immutable',
};
const NOT_CACHED = { 'Cache-Control': 'no-store' };

export function generateStaticParams() {
  return routing.locales.flatMap((locale) =>
    Object.keys(PANEL_NAMESPACES).map((panel) => ({ build: MESSAGES_BUILD, locale, panel })),
  );
}

type Context = { params: Promise<{ build: string; locale: string; panel: string }> };

/**
 * The (precompiled) messages a slide-in panel's client code needs, fetched with its code.
 * Another build's id is a 404, not this build's texts and not a redirect to them: the asking page
 * runs the other build's code, whose keys and message format these texts may not match, and a
 * 404 lets it say that the shop was updated and offer a reload (components/layout/lazy-panels.tsx).
 * With dynamicParams off Next answers such addresses 404 before this handler; the check here
 * keeps that true wherever the handler is called.
 */
export async function GET(_request: Request, { params }: Context) {
  const { build, locale, panel } = await params;
  if (build !== MESSAGES_BUILD || !hasLocale(routing.locales, locale) || !isPanel(panel)) {
    return Response.json({ error: 'not-found' }, { status: 404, headers: NOT_CACHED });
  }
  const messages = await getMessages({ locale });
  return Response.json(pickMessages(messages, PANEL_NAMESPACES[panel]), { headers: CACHED });
}
