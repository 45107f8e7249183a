'use client';

import { SvgImage, Thumbnail } from '@/components/ui/svg-image';
import { useState } from 'react';

type GalleryImage = { src: string; alt: string; width: number; height: number };
type Props = { images: GalleryImage[]; label: string; thumbLabels: string[] };

export function ProductGallery({ images, label, thumbLabels }: Props) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  if (!main) return null;
  return (
    <div role="region" aria-label={label} className="flex flex-col gap-3">
      <SvgImage
        src={main.src}
        alt={main.alt}
        width={main.width}
        height={main.height}
        preload
        className="aspect-square w-full rounded-3xl bg-cacao-100 object-cover shadow-sm"
      />
      {images.length > 1 ? (
        <div className="flex gap-3">
          {images.map((image, index) => (
            <button
              key={image.src}
              type="button"
              aria-label={thumbLabels[index]}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
              className={`overflow-hidden rounded-xl ring-2 ${index === selected ? 'ring-gold-line' : 'ring-transparent hover:ring-cacao-300'}`}
            >
              <Thumbnail src={image.src} size={80} className="size-20 object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
