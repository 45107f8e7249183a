import { getTranslations } from 'next-intl/server';
import { MenuIcon } from '@/components/ui/icons';
import { Link } from '@/lib/i18n/navigation';
import { Logo } from './logo';
import { MenuButton } from './menu-button';

const sections = [
  { href: '/#quem-somos', key: 'about' },
  { href: '/#chocolates', key: 'chocolates' },
  { href: '/#areas-de-atuacao', key: 'expertise' },
  { href: '/#contato', key: 'contact' },
] as const;

/**
 * The fixed top bar: logo, landing sections (desktop) and the menu toggle. Its links all lead to
 * the landing and are on every screen: not prefetched (see footer-bar.tsx).
 */
export async function Navbar() {
  const t = await getTranslations('Navbar');
  const nav = await getTranslations('Navigation');
  const common = await getTranslations('Common');
  const meta = await getTranslations('Metadata');
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-cacao-200/70 bg-cacao-50/90 backdrop-blur dark:border-cacao-800/70 dark:bg-cacao-950/90">
      <a
        href="#content"
        className="sr-only rounded-full bg-gold-400 px-4 py-2 font-semibold text-cacao-950 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        {common('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" prefetch={false} aria-label={t('homeLink')} className="shrink-0 rounded-lg">
          <Logo title={meta('siteName')} gradientId="navbar-logo" className="h-10 w-auto" />
        </Link>
        <nav aria-label={nav('mainLabel')} className="hidden md:block">
          <ul className="flex items-center gap-6 font-medium">
            {sections.map((section) => (
              <li key={section.key}>
                <Link
                  href={section.href}
                  prefetch={false}
                  className="text-cacao-700 hover:text-cacao-950 hover:underline dark:text-cacao-200 dark:hover:text-white"
                >
                  {nav(section.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <MenuButton label={t('menu')} icon={<MenuIcon />} />
      </div>
    </header>
  );
}
