/**
 * Message namespaces sent to the browser for client components that call useTranslations.
 * Everything else is translated on the server and handed to islands as props.
 */
export const CLIENT_NAMESPACES = ['Error'] as const;
