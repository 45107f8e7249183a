import type { ReactNode } from 'react';
import './globals.css';

// `app/[locale]/layout.tsx` renders <html>: the locale is only known there.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
