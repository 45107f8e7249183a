'use client';

import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import type { MouseEvent, ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { localeCookie, localizedPath, otherLocale } from '@/lib/i18n/switch-locale';

type Props = { label: string; title?: string; className?: string; icon?: ReactNode };

/**
 * A link to the same page in the other language. Without JavaScript it is a plain link; with it,
 * the choice is remembered in the locale cookie and the query string and hash are kept.
 */
export function LanguageSwitch({ label, title, className, icon }: Props) {
  const target = otherLocale(useLocale());
  const href = localizedPath(usePathname(), target);
  const router = useRouter();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    document.cookie = localeCookie(target);
    // A client-side navigation: the locale layout renders again with the other language's texts.
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
