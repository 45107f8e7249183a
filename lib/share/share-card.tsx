import 'server-only';

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';

import { SHOP } from '@/lib/shop';

/** The size every social network renders without cropping (Open Graph and Twitter cards). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const SHARE_IMAGE_TYPE = 'image/png';
export const SHARE_IMAGE_ALT = 'Chocolates Tropicais';

export type ShareCard = {
  /** Small line above the title (the shop's name, a category). */
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** A highlighted label such as the price. */
  badge?: string;
  /** An SVG under public/ (e.g. '/images/products/ovo-pistache.svg') shown on the left. */
  artwork?: { src: string; width: number; height: number };
};

// The artwork is the shop's own SVG, read from public/ and inlined, so rendering needs no
// network. Text uses next/og's bundled default font (Satori cannot read the site's woff2).
async function artworkDataUrl(src: string): Promise<string> {
  const file = path.join(process.cwd(), 'public', src.replace(/^\/+/, ''));
  const svg = await readFile(file);
  return `data:image/svg+xml;base64,${svg.toString('base64')}`;
}

/** A 1200x630 PNG share card in the shop's colours, rendered with next/og. */
export async function renderShareCard(card: ShareCard): Promise<ImageResponse> {
  const art = card.artwork
    ? { ...card.artwork, dataUrl: await artworkDataUrl(card.artwork.src) }
    : undefined;
  // The artwork fits a 480x470 box on the left; the text takes the rest.
  const scale = art ? Math.min(480 / art.width, 470 / art.height) : 0;
  const artWidth = art ? Math.round(art.width * scale) : 0;
  const artHeight = art ? Math.round(art.height * scale) : 0;

  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        gap: 56,
        padding: 64,
        background: 'linear-gradient(135deg, #fbf6f1 0%, #f3e8dc 60%, #e6cfb8 100%)',
        color: '#321c13',
      }}
    >
      {art ? (
        // eslint-disable-next-line @next/next/no-img-element -- Satori renders plain <img>.
        <img
          src={art.dataUrl}
          width={artWidth}
          height={artHeight}
          alt=""
          style={{ borderRadius: 36, flexShrink: 0 }}
        />
      ) : null}
      <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, gap: 20 }}>
        <div style={{ fontSize: 30, color: '#9c6239', letterSpacing: 1 }}>{card.eyebrow}</div>
        <div
          style={{
            fontSize: art ? (card.title.length > 28 ? 50 : 62) : 76,
            lineHeight: 1.1,
            fontWeight: 700,
          }}
        >
          {card.title}
        </div>
        {card.subtitle ? (
          <div style={{ fontSize: art ? 28 : 32, lineHeight: 1.35, color: '#633822' }}>
            {card.subtitle}
          </div>
        ) : null}
        <div style={{ display: 'flex', alignItems: 'center', gap: 24, marginTop: 12 }}>
          {card.badge ? (
            <div
              style={{
                display: 'flex',
                fontSize: 40,
                fontWeight: 700,
                color: '#fbf6f1',
                background: '#4a2a1b',
                borderRadius: 999,
                padding: '10px 30px',
              }}
            >
              {card.badge}
            </div>
          ) : null}
          <div style={{ fontSize: 26, color: '#7e4a2a' }}>{SHOP.address.city}</div>
        </div>
      </div>
    </div>,
    SHARE_IMAGE_SIZE,
  );
}
