import type { AbstractIntlMessages } from 'next-intl';
import type { Panel } from '@/lib/stores/ui-store';
import { SHOP_BUILD_ID } from '@/lib/public-env';

/**
 * Message namespaces sent with every page, for client components of its first load that call
 * useTranslations. Everything else is translated on the server and handed to islands as props.
 */
export const CLIENT_NAMESPACES = ['Error', 'FooterBar', 'AddToCart'] as const;

/**
 * The account's texts: the user tab, /usuario and the order link's sign-in render them
 * ('IslandCode' for /usuario's account when its code cannot load).
 */
export const ACCOUNT_NAMESPACES = [
  'IslandCode',
  'LoginForm',
  'PasswordReset',
  'Profile',
  'ProfileForm',
  'Orders',
  'OrderStatus',
] as const;

/**
 * The texts each slide-in panel's client code needs. They are not in the page: a panel fetches
 * them with its code, on the first sign that it will be opened (components/layout/lazy-panels.tsx,
 * GET /api/messages/{build}/{locale}/{panel}).
 */
export const PANEL_NAMESPACES = {
  menu: ['Search'],
  cart: ['CartPanel', 'CartStock', 'CartUndo', 'ShippingEstimate', 'Coupon'],
  userTab: ACCOUNT_NAMESPACES,
} as const satisfies Record<Panel, readonly string[]>;

export function isPanel(value: string): value is Panel {
  return Object.hasOwn(PANEL_NAMESPACES, value);
}

/** The given namespaces of `messages` (those it has). */
export function pickMessages(
  messages: AbstractIntlMessages,
  namespaces: readonly string[],
): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const namespace of namespaces) {
    const value = messages[namespace];
    if (value !== undefined) picked[namespace] = value;
  }
  return picked;
}

/**
 * The id of this build (next.config.ts puts the same one into the server's and the browser's
 * code). It is part of the texts' address, so a cache can keep them for good and a page's code
 * never gets the texts of another build.
 */
export const MESSAGES_BUILD = SHOP_BUILD_ID;

/** Where the browser fetches a panel's texts. */
export function messagesPath(locale: string, panel: Panel): string {
  return `/api/messages/${MESSAGES_BUILD}/${locale}/${panel}`;
}
