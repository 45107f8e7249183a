'use client';

import { useUiStore } from '@/components/providers/ui-store-provider';
import { COOKIE_CONSENT_KEY } from '@/lib/boot-script';
import { Link, usePathname } from '@/lib/i18n/navigation';

/** Pages that already are the explanation: no banner there. */
const HIDDEN_ON = ['/privacidade', '/termos-de-uso'];

type Props = { label: string; text: string; privacyLink: string; accept: string };

/**
 * The cookie notice. It is in the HTML of every page but only shows while <html> carries
 * data-cookie-banner, which the boot script sets before the first paint when it was never
 * dismissed: no flash for returning visitors, and nothing in the way without JavaScript.
 */
export function CookieBanner({ label, text, privacyLink, accept }: Props) {
  const pathname = usePathname();
  const open = useUiStore((store) => store.cookiesOpen);
  const setCookiesOpen = useUiStore((store) => store.setCookiesOpen);
  if (!open || HIDDEN_ON.includes(pathname)) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    } catch {
      // Without storage the banner comes back next visit; nothing else to do.
    }
    document.documentElement.removeAttribute('data-cookie-banner');
    setCookiesOpen(false);
  };

  return (
    <section
      aria-label={label}
      data-testid="cookie-banner"
      className="fixed inset-x-3 bottom-20 z-30 mx-auto hidden max-w-3xl rounded-2xl bg-cacao-900 p-4 text-cacao-50 shadow-2xl sm:p-5 dark:bg-cacao-100 dark:text-cacao-950 [html[data-cookie-banner]_&]:block"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <p className="text-sm leading-relaxed">
          {text}{' '}
          {/* Not prefetched: the banner is on every page of a new visit, so a prefetch would
              fetch the privacy page's payload during each of those loads. */}
          <Link prefetch={false} href="/privacidade" className="font-semibold underline">
            {privacyLink}
          </Link>
        </p>
        <button
          type="button"
          onClick={dismiss}
          className="shrink-0 rounded-full bg-gold-400 px-5 py-2 font-semibold text-cacao-950 hover:bg-gold-500"
        >
          {accept}
        </button>
      </div>
    </section>
  );
}
