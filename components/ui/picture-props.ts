import 'server-only';

import { getImageProps } from 'next/image';

import type { ProductImage } from '@/lib/catalogue/types';

/** What a photo's <img> needs, worked out on the server (no image code reaches the browser). */
export type PictureProps = {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  alt: string;
  kind: ProductImage['kind'];
};

/**
 * A product picture's <img> attributes: a drawing as it is (an SVG), a photo through next/image's
 * optimizer (`/_next/image`, AVIF or WebP as the browser accepts, at the widths `sizes` asks for).
 */
export function pictureProps(image: ProductImage, alt: string, sizes: string): PictureProps {
  const base = { width: image.width, height: image.height, alt, kind: image.kind };
  if (image.kind === 'drawing') return { ...base, src: image.src };
  const { props } = getImageProps({
    src: image.src,
    alt,
    width: image.width,
    height: image.height,
    sizes,
  });
  return { ...base, src: props.src, srcSet: props.srcSet, sizes: props.sizes };
}
