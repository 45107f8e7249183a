import { setRequestLocale } from 'next-intl/server';
import { AboutSection } from '@/components/landing/about-section';
import { ContactSection } from '@/components/landing/contact-section';
import { ExpertiseSection } from '@/components/landing/expertise-section';
import { HeroSection } from '@/components/landing/hero-section';
import { LocalBusinessJsonLd } from '@/components/landing/local-business-json-ld';
import { OrganicSection } from '@/components/landing/organic-section';
import { ProductsSection } from '@/components/landing/products-section';
import { TeamSection } from '@/components/landing/team-section';
import type { AppLocale } from '@/lib/i18n/routing';

// Prerendered, then regenerated at most every minute (stock taken by orders) and on demand when
// an admin changes a product (lib/control-panel/actions.ts).
export const revalidate = 60;

type Props = { params: Promise<{ locale: AppLocale }> };

export default async function LandingPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <>
      <LocalBusinessJsonLd />
      <HeroSection />
      <AboutSection />
      <TeamSection />
      <ProductsSection />
      <OrganicSection />
      <ExpertiseSection />
      <ContactSection />
    </>
  );
}
