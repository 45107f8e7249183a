import { hasLocale } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { isPanel, PANEL_NAMESPACES, pickMessages } from '@/lib/i18n/client-messages';
import { routing } from '@/lib/i18n/routing';

// Built once per locale and panel: the texts only change with a deployment.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) =>
    Object.keys(PANEL_NAMESPACES).map((panel) => ({ locale, panel })),
  );
}

type Context = { params: Promise<{ locale: string; panel: string }> };

/** The (precompiled) messages a slide-in panel's client code needs, fetched with its code. */
export async function GET(_request: Request, { params }: Context) {
  const { locale, panel } = await params;
  if (!hasLocale(routing.locales, locale) || !isPanel(panel)) {
    return Response.json({ error: 'not-found' }, { status: 404 });
  }
  const messages = await getMessages({ locale });
  return Response.json(pickMessages(messages, PANEL_NAMESPACES[panel]));
}
