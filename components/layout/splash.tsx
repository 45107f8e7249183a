import { getTranslations } from 'next-intl/server';
import { Logo } from './logo';

/**
 * The intro splash: a fixed overlay (no layout shift) shown only while <html> carries data-splash,
 * which the boot script sets once per visit before the first paint and removes after 1.5 s. It
 * fades after 1 s (instantly gone after 1 s with reduced motion). Crawlers and visitors without
 * JavaScript never see it.
 */
export async function Splash() {
  const meta = await getTranslations('Metadata');
  return (
    <div
      id="intro-splash"
      aria-hidden="true"
      data-testid="splash"
      className="fixed inset-0 z-[100] hidden place-items-center bg-cacao-50 motion-safe:animate-[splash-out_0.5s_ease-in_1s_forwards] dark:bg-cacao-950 [html[data-splash]_&]:grid"
    >
      <Logo title={meta('siteName')} gradientId="splash-logo" className="h-24 w-auto sm:h-32" />
    </div>
  );
}
