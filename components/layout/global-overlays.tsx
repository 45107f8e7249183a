import { getTranslations } from 'next-intl/server';
import { CartHelper } from '@/components/cart/cart-helper';
import {
  CartIcon,
  CloseIcon,
  DocumentIcon,
  GlobeIcon,
  HomeIcon,
  PhoneIcon,
  SettingsIcon,
  ShieldIcon,
  StoreIcon,
  UserIcon,
} from '@/components/ui/icons';
import { CookieBanner } from './cookie-banner';
import { FooterBar } from './footer-bar';
import { footerItemClass } from './footer-bar-styles';
import { LanguageSwitch } from './language-switch';
import { CartPanelSlot, MenuPanelSlot, UserTabSlot } from './lazy-panels';
import { OpenUserTabFromUrl } from './open-user-tab-from-url';
import { SHOP } from '@/lib/shop';

/**
 * Everything that floats over every page: panels (loaded on intent, lazy-panels.tsx), footer bar,
 * notices (the splash comes first in <body>, app/[locale]/layout.tsx).
 */
export async function GlobalOverlays() {
  const menu = await getTranslations('Menu');
  const nav = await getTranslations('Navigation');
  const userTab = await getTranslations('UserTab');
  const cookies = await getTranslations('CookieBanner');
  const language = await getTranslations('LanguageSwitch');
  const colorMode = await getTranslations('ColorMode');
  const common = await getTranslations('Common');
  const footer = await getTranslations('FooterBar');
  const slotLabels = {
    loading: common('loading'),
    failed: common('panelFailed'),
    retry: common('panelRetry'),
    outdated: common('panelOutdated'),
    reload: common('panelReload'),
    close: common('panelClose'),
  };

  return (
    <>
      <MenuPanelSlot
        slotLabels={slotLabels}
        labels={{
          title: menu('title'),
          close: menu('close'),
          pages: menu('pages'),
          preferences: menu('preferences'),
          language: language('target'),
          languageTitle: language('targetLabel'),
          colorMode: colorMode('label'),
        }}
        links={[
          { href: '/', label: nav('home') },
          { href: '/#quem-somos', label: nav('about') },
          { href: '/#chocolates', label: nav('chocolates') },
          { href: '/#organicos', label: nav('organic') },
          { href: '/clube', label: nav('club') },
          { href: '/#areas-de-atuacao', label: nav('expertise') },
          { href: '/#contato', label: nav('contact') },
          { href: '/privacidade', label: nav('privacy') },
          { href: '/termos-de-uso', label: nav('terms') },
        ]}
      />
      <CartPanelSlot slotLabels={slotLabels} />
      <UserTabSlot slotLabels={slotLabels} title={userTab('title')} closeLabel={userTab('close')} />
      <OpenUserTabFromUrl />
      <CartHelper closeIcon={<CloseIcon className="size-4" />} />
      <CookieBanner
        label={cookies('label')}
        text={cookies('text')}
        privacyLink={cookies('privacyLink')}
        accept={cookies('accept')}
      />
      <FooterBar
        phone={{
          href: `tel:${SHOP.phone.e164}`,
          label: footer('phoneLabel', { phone: SHOP.phone.display }),
        }}
        languageSwitch={
          <LanguageSwitch
            label={language('target')}
            title={language('targetLabel')}
            icon={<GlobeIcon className="size-5" />}
            className={footerItemClass}
          />
        }
        icons={{
          privacy: <ShieldIcon className="size-5" />,
          terms: <DocumentIcon className="size-5" />,
          user: <UserIcon className="size-5" />,
          cart: <CartIcon className="size-5" />,
          store: <StoreIcon className="size-5" />,
          home: <HomeIcon className="size-5" />,
          controlPanel: <SettingsIcon className="size-5" />,
          phone: <PhoneIcon className="size-5" />,
        }}
      />
    </>
  );
}
