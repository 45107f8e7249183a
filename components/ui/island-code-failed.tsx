'use client';

import { useTranslations } from 'next-intl';
import { Button } from './button';
import { Notice } from './notice';

/**
 * What a deferred island (./deferred-island.tsx) shows when its code cannot load (offline, or a
 * deployment replaced this build); its page passes the 'IslandCode' texts.
 */
export function IslandCodeFailed() {
  const t = useTranslations('IslandCode');
  return (
    <div className="my-4 flex flex-col items-start gap-3">
      <Notice tone="error" role="alert">
        {t('failed')}
      </Notice>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}
