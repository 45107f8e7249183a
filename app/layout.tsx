import type { ReactNode } from 'react';

// `app/[locale]/layout.tsx` renders <html> (the locale is only known there) and links the
// stylesheet.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
