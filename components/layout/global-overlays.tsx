import { getTranslations } from 'next-intl/server';
import { CartHelper } from '@/components/cart/cart-helper';
import { CartPanel } from '@/components/cart/cart-panel';
import { GlobeIcon } from '@/components/ui/icons';
import { UserTab } from '@/components/user/user-tab';
import { UserTabContent } from '@/components/user/user-tab-content';
import { ColorModeToggle } from './color-mode-toggle';
import { CookieBanner } from './cookie-banner';
import { FooterBar } from './footer-bar';
import { footerItemClass } from './footer-bar-styles';
import { LanguageSwitch } from './language-switch';
import { MenuPanel } from './menu-panel';
import { OpenUserTabFromUrl } from './open-user-tab-from-url';
import { Splash } from './splash';

/** Everything that floats over every page: panels, footer bar, notices, splash. */
export async function GlobalOverlays() {
  const menu = await getTranslations('Menu');
  const nav = await getTranslations('Navigation');
  const userTab = await getTranslations('UserTab');
  const cookies = await getTranslations('CookieBanner');
  const language = await getTranslations('LanguageSwitch');
  const colorMode = await getTranslations('ColorMode');

  return (
    <>
      <MenuPanel
        labels={{
          title: menu('title'),
          close: menu('close'),
          pages: menu('pages'),
          preferences: menu('preferences'),
        }}
        links={[
          { href: '/', label: nav('home') },
          { href: '/#quem-somos', label: nav('about') },
          { href: '/#chocolates', label: nav('chocolates') },
          { href: '/#areas-de-atuacao', label: nav('expertise') },
          { href: '/#contato', label: nav('contact') },
          { href: '/privacidade', label: nav('privacy') },
          { href: '/termos-de-uso', label: nav('terms') },
        ]}
        preferences={
          <>
            <LanguageSwitch
              label={language('target')}
              title={language('targetLabel')}
              icon={<GlobeIcon className="size-5" />}
              className="flex w-full items-center gap-3 rounded-xl px-3 py-2 font-medium hover:bg-cacao-100 dark:hover:bg-cacao-900"
            />
            <ColorModeToggle label={colorMode('label')} />
          </>
        }
      />
      <CartPanel />
      <UserTab title={userTab('title')} closeLabel={userTab('close')}>
        <UserTabContent />
      </UserTab>
      <OpenUserTabFromUrl />
      <CartHelper />
      <CookieBanner
        label={cookies('label')}
        text={cookies('text')}
        privacyLink={cookies('privacyLink')}
        accept={cookies('accept')}
      />
      <FooterBar
        languageSwitch={
          <LanguageSwitch
            label={language('target')}
            title={language('targetLabel')}
            icon={<GlobeIcon className="size-5" />}
            className={footerItemClass}
          />
        }
      />
      <Splash />
    </>
  );
}
