import { STYLESHEET_HREF } from '@/lib/public-env';
import en from '@/messages/en.json';

// Only reached outside a locale (e.g. an unknown top-level file); pages under /{locale} have
// their own localized not-found page. Every page's payload carries this tree (the root's
// not-found boundary), so it stays small: no first-frame CSS (the stylesheet, linked with a
// precedence, holds the first frame here anyway, and the page is never dark without the boot
// script) and a plain link (to another root layout, which a client-side navigation could not
// reach without a full load either).
export default function GlobalNotFound() {
  return (
    <html lang="en" className="bg-cacao-50">
      <head>
        <link rel="stylesheet" href={STYLESHEET_HREF} precedence="default" />
      </head>
      <body
        style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1.5rem', textAlign: 'center' }}
      >
        <h1>{en.NotFound.title}</h1>
        <p>{en.NotFound.description}</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- leaves this root layout: a full load either way */}
        <a href="/">{en.Common.backToHome}</a>
      </body>
    </html>
  );
}
