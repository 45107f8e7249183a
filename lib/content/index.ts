/**
 * Structure of the translated landing content. Texts live in messages/{locale}.json under the
 * same keys; this module only fixes which entries exist and their images.
 */
// Each caption (messages Hero.banners) describes its picture: a basket of Easter eggs, the
// pistachio egg beside a bowl of pistachio cream, wrapped bars, cacao pods (scripts/generate-artwork.mjs).
export const banners = [
  { key: 'pascoa', imgSrc: '/images/banners/banner-1.svg', size: { width: 740, height: 420 } },
  { key: 'pistache', imgSrc: '/images/banners/banner-4.svg', size: { width: 740, height: 420 } },
  { key: 'classicos', imgSrc: '/images/banners/banner-2.svg', size: { width: 740, height: 420 } },
  { key: 'cacau', imgSrc: '/images/banners/banner-3.svg', size: { width: 740, height: 420 } },
] as const;

export type BannerKey = (typeof banners)[number]['key'];

export const teamMembers = ['m1', 'm2', 'm3'] as const;

export const expertiseAreas = [
  'consultoria-empresarial',
  'contratos',
  'direito-do-consumidor',
  'propriedade-intelectual',
] as const;

export type ExpertiseArea = (typeof expertiseAreas)[number];

export const expertiseItems = ['i1', 'i2', 'i3'] as const;

export const legalSections = ['s1', 's2', 's3', 's4'] as const;

export function isExpertiseArea(value: string): value is ExpertiseArea {
  return (expertiseAreas as readonly string[]).includes(value);
}
