/**
 * Message namespaces sent to the browser for client components that call useTranslations.
 * Everything else is translated on the server and handed to islands as props. The overlays listed
 * here format texts from client state (counts, product titles).
 */
export const CLIENT_NAMESPACES = [
  'Error',
  'Search',
  'CartPanel',
  'CartStock',
  'CartUndo',
  'FooterBar',
  'AddToCart',
  // The account (user tab and /usuario): its forms and lists render from client state.
  'LoginForm',
  'PasswordReset',
  'Profile',
  'ProfileForm',
  'Orders',
  'OrderStatus',
] as const;
