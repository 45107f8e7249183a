// The landing's four banners as the owner sets them in the panel: each slot's picture, title,
// subtitle and link, over the shop's defaults (the drawings of lib/content, the captions of
// messages "Hero.banners", the link to the chocolates). Pure and shared: the server reads the
// stored slots (./banners-repository.ts), the hero and the panel show them.
import { banners as DEFAULT_BANNERS, type BannerKey } from '@/lib/content';

import type { Localized, StoredPhoto } from './types';

export const BANNER_SLOTS = [1, 2, 3, 4] as const;
export type BannerSlot = (typeof BANNER_SLOTS)[number];

export function isBannerSlot(value: unknown): value is BannerSlot {
  return (BANNER_SLOTS as readonly unknown[]).includes(value);
}

/** What the owner set for one slot; null fields keep the shop's default. */
export type StoredBanner = {
  photo: StoredPhoto | null;
  title: Localized | null;
  subtitle: Localized | null;
  link: string | null;
};

export const EMPTY_BANNER: StoredBanner = { photo: null, title: null, subtitle: null, link: null };

/** Where a banner leads unless the owner says otherwise. */
export const DEFAULT_BANNER_LINK = '#chocolates';

/** A banner's link: a path of the shop ('/clube', '/chocolates/ovo-pistache') or a section ('#…'). */
export const BANNER_LINK_PATTERN = /^(?:\/(?!\/)[\w\-./#?=&%]*|#[\w-]+)$/;

/** The default drawing and caption key of each slot, in order. */
export function defaultBanner(slot: BannerSlot): (typeof DEFAULT_BANNERS)[number] & {
  key: BannerKey;
} {
  return DEFAULT_BANNERS[slot - 1]!;
}
