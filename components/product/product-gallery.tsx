'use client';

import { useState } from 'react';

import type { PictureProps } from '@/components/ui/picture-props';
import { ProductPicture } from '@/components/ui/product-picture';

type Props = {
  /** Each picture as the main one and as its thumbnail (worked out on the server). */
  pictures: { main: PictureProps; thumbnail: PictureProps }[];
  label: string;
  thumbLabels: string[];
};

export function ProductGallery({ pictures, label, thumbLabels }: Props) {
  const [selected, setSelected] = useState(0);
  const main = (pictures[selected] ?? pictures[0])?.main;
  if (!main) return null;
  return (
    <div role="region" aria-label={label} className="flex flex-col gap-3">
      {/* The page's LCP element: the first picture, preloaded at high priority. */}
      <ProductPicture
        key={main.src}
        picture={main}
        preload={selected === 0}
        className="aspect-square w-full rounded-3xl bg-cacao-100 object-cover shadow-sm"
      />
      {pictures.length > 1 ? (
        <div className="flex gap-3">
          {pictures.map(({ thumbnail }, index) => (
            <button
              key={thumbnail.src}
              type="button"
              aria-label={thumbLabels[index]}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
              className={`overflow-hidden rounded-xl ring-2 ${index === selected ? 'ring-gold-line' : 'ring-transparent hover:ring-cacao-300'}`}
            >
              <ProductPicture
                picture={{ ...thumbnail, width: 80, height: 80 }}
                className="size-20 object-cover"
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
