import type { ComponentProps } from 'react';
import { preload as preloadResource } from 'react-dom';

type Props = Omit<ComponentProps<'img'>, 'src' | 'alt' | 'width' | 'height'> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The page's LCP picture: preloaded from <head> and fetched at high priority. */
  preload?: boolean;
};

/**
 * Every picture of the shop is an SVG (scripts/generate-artwork.mjs), which next/image serves
 * unchanged anyway; a plain img with its size keeps next/image's client code out of the first load.
 * Lazy by default; `preload` for the one picture that is the page's LCP.
 */
export function SvgImage({ preload = false, loading, fetchPriority, ...props }: Props) {
  if (preload) preloadResource(props.src, { as: 'image', fetchPriority: 'high' });
  return (
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- SVGs need no optimizer; alt is a required prop
    <img
      decoding="async"
      {...props}
      loading={preload ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={preload ? 'high' : fetchPriority}
    />
  );
}

type ThumbnailProps = { src: string; size: number; className: string };

/** A product's small square picture beside its name (decorative: the name says what it is). */
export function Thumbnail({ src, size, className }: ThumbnailProps) {
  return <SvgImage src={src} alt="" width={size} height={size} className={className} />;
}
