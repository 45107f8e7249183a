'use client';

import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { localeCookie, localizedPath, otherLocale } from '@/lib/i18n/switch-locale';

type Props = { label: string; title?: string; className?: string; icon?: ReactNode };

/** The hash a switch asked for, until the page in the other language shows (one per document). */
let pendingHash: { pathname: string; hash: string } | null = null;

/**
 * A link to the same page in the other language. Without JavaScript it is a plain link; with it,
 * the choice is remembered in the locale cookie and the query string and hash are kept.
 */
export function LanguageSwitch({ label, title, className, icon }: Props) {
  const locale = useLocale();
  const target = otherLocale(locale);
  const href = localizedPath(usePathname(), target);
  const router = useRouter();

  // Next's router remembers the page the document was loaded on with the hash it had then
  // (node_modules/next/dist/client/components/router-reducer/create-initial-router-state.js reads
  // location.href), and a later navigation back to it appends the new hash to that one:
  // /usuario#frag -> /en/usuario#frag -> /usuario#frag#frag. Once the page in the other language
  // shows, the address gets the one hash asked for; Next takes a history.replaceState call into
  // its own state, so later renders keep it.
  useEffect(() => {
    if (!pendingHash || window.location.pathname !== pendingHash.pathname) return;
    const { hash } = pendingHash;
    pendingHash = null;
    if (window.location.hash === hash) return;
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${window.location.search}${hash}`,
    );
  }, [locale]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    document.cookie = localeCookie(target);
    // A client-side navigation: the locale layout renders again with the other language's texts.
    pendingHash = {
      pathname: new URL(href, window.location.href).pathname,
      hash: window.location.hash,
    };
    router.push(`${href}${window.location.search}${window.location.hash}`);
  };

  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      title={title}
      onClick={onClick}
      className={className}
    >
      {icon}
      <span>{label}</span>
    </a>
  );
}
