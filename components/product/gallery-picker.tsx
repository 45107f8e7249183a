'use client';

import { Fragment, useState, type ReactNode } from 'react';

type Props = {
  label: string;
  /** Each picture as the main one, drawn by the server (product-gallery.tsx). */
  mains: ReactNode[];
  /** Their thumbnails, in the same order; none for a single picture. */
  thumbnails: ReactNode[];
  thumbLabels: string[];
};

/** The gallery's one piece of state: which picture is the main one, picked by its thumbnail. */
export function GalleryPicker({ label, mains, thumbnails, thumbLabels }: Props) {
  const [selected, setSelected] = useState(0);
  return (
    <div role="region" aria-label={label} className="flex flex-col gap-3">
      {/* A new picture is a new element, not the old one's src changed under it. */}
      <Fragment key={selected}>{mains[selected]}</Fragment>
      {thumbnails.length > 0 ? (
        <div className="flex gap-3">
          {thumbnails.map((thumbnail, index) => (
            <button
              key={index}
              type="button"
              aria-label={thumbLabels[index]}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
              className={`overflow-hidden rounded-xl ring-2 ${index === selected ? 'ring-gold-line' : 'ring-transparent hover:ring-cacao-300'}`}
            >
              {thumbnail}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
