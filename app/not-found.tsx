import Link from 'next/link';
import { FIRST_FRAME_CSS, STYLESHEET_HREF } from '@/lib/public-env';
import en from '@/messages/en.json';

// Only reached outside a locale (e.g. an unknown top-level file); pages under /{locale} have
// their own localized not-found page.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <head>
        {/* No splash here: the stylesheet may hold the first frame, as React links it with a
            precedence (app/[locale]/layout.tsx links it in <body> instead). The first frame's
            CSS gives the page its background, as on every other page. */}
        <style dangerouslySetInnerHTML={{ __html: FIRST_FRAME_CSS }} />
        <link rel="stylesheet" href={STYLESHEET_HREF} precedence="default" />
      </head>
      <body
        style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1.5rem', textAlign: 'center' }}
      >
        <h1>{en.NotFound.title}</h1>
        <p>{en.NotFound.description}</p>
        <Link href="/">{en.Common.backToHome}</Link>
      </body>
    </html>
  );
}
