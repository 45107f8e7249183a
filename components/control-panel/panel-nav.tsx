'use client';

import { Link, usePathname } from '@/lib/i18n/navigation';

type Props = {
  label: string;
  links: {
    href:
      | '/control-panel'
      | '/control-panel/orders'
      | '/control-panel/products'
      | '/control-panel/stock'
      | '/control-panel/banners'
      | '/control-panel/delivery'
      | '/control-panel/club'
      | '/control-panel/coupons'
      | '/control-panel/outbox';
    label: string;
  }[];
};

/** The panel's sections; the current one is marked for assistive technology too. */
export function PanelNav({ label, links }: Props) {
  const pathname = usePathname();
  return (
    // One row, scrolled sideways where the tabs do not fit (a phone).
    <nav
      aria-label={label}
      className="-mx-6 mt-6 overflow-x-auto border-b border-cacao-200 px-6 sm:mx-0 sm:px-0 dark:border-cacao-800"
    >
      <ul className="flex w-max gap-1 sm:gap-2">
        {links.map((link) => {
          // A section's own pages (a product of /control-panel/products) are in it too.
          const current =
            pathname === link.href ||
            (link.href !== '/control-panel' && pathname.startsWith(`${link.href}/`));
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 font-semibold whitespace-nowrap sm:px-4 ${
                  current
                    ? 'border-cacao-700 text-cacao-900 dark:border-gold-400 dark:text-white'
                    : 'border-transparent text-cacao-600 hover:text-cacao-900 dark:text-cacao-300 dark:hover:text-white'
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
