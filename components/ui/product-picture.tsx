import { preload as preloadResource } from 'react-dom';

import type { PictureProps } from './picture-props';
import { SvgImage } from './svg-image';

type Props = {
  picture: PictureProps;
  className?: string;
  /** The page's LCP picture: preloaded from <head> and fetched at high priority. */
  preload?: boolean;
  /** Fetched after the rest of the page (the hero's later slides). */
  lowPriority?: boolean;
};

/** A product picture: lazy unless it is the page's LCP one. */
export function ProductPicture({ picture, className, preload = false, lowPriority }: Props) {
  const { kind, src, srcSet, sizes, width, height, alt } = picture;
  if (kind === 'drawing' || !srcSet) {
    return (
      <SvgImage
        src={src}
        alt={alt}
        width={width}
        height={height}
        preload={preload}
        fetchPriority={lowPriority ? 'low' : undefined}
        className={className}
      />
    );
  }
  if (preload) {
    preloadResource(src, {
      as: 'image',
      imageSrcSet: srcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes (getImageProps), without its client code
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      decoding="async"
      loading={preload ? 'eager' : 'lazy'}
      fetchPriority={preload ? 'high' : lowPriority ? 'low' : undefined}
      className={className}
    />
  );
}
