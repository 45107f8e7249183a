'use client';

import { useOpenUserTabFromUrl } from '@/lib/hooks/use-open-user-tab-from-url';

/** Renders nothing: opens the user tab for `?login=1` (see useOpenUserTabFromUrl). */
export function OpenUserTabFromUrl() {
  useOpenUserTabFromUrl();
  return null;
}
