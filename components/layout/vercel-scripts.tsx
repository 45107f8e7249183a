'use client';

import { Analytics } from '@vercel/analytics/next';
import { SpeedInsights } from '@vercel/speed-insights/next';

/** Loaded lazily by VercelInsightsIsland; never part of a first load. */
export default function VercelScripts() {
  return (
    <>
      <Analytics />
      <SpeedInsights />
    </>
  );
}
