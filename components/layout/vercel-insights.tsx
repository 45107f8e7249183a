import { runtimeEnv } from '@/lib/public-env';

import { VercelInsightsIsland } from './vercel-insights-island';

/**
 * Vercel Web Analytics and Speed Insights. Their scripts are served by Vercel's edge
 * (/_vercel/...), so anywhere else they would only 404 and log errors: render them only on a
 * Vercel deployment (VERCEL=1 is set there at build and run time).
 */
export function VercelInsights() {
  if (runtimeEnv('VERCEL') !== '1') return null;
  return <VercelInsightsIsland />;
}
