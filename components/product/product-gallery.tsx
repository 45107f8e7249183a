import type { PictureProps } from '@/components/ui/picture-props';
import { ProductPicture } from '@/components/ui/product-picture';
import { GalleryPicker } from './gallery-picker';

type Props = {
  /** Each picture as the main one and as its thumbnail (worked out on the server). */
  pictures: { main: PictureProps; thumbnail: PictureProps }[];
  label: string;
  thumbLabels: string[];
};

/**
 * A product's pictures, drawn here on the server: the client island (gallery-picker.tsx) only
 * keeps which one is shown, so the picture code is not in the product page's first load.
 */
export function ProductGallery({ pictures, label, thumbLabels }: Props) {
  if (pictures.length === 0) return null;
  return (
    <GalleryPicker
      label={label}
      thumbLabels={thumbLabels}
      // The page's LCP element is the first one, preloaded at high priority.
      mains={pictures.map(({ main }, index) => (
        <ProductPicture
          key={main.src}
          picture={main}
          preload={index === 0}
          className="aspect-square w-full rounded-3xl bg-cacao-100 object-cover shadow-sm"
        />
      ))}
      thumbnails={
        pictures.length > 1
          ? pictures.map(({ thumbnail }) => (
              <ProductPicture
                key={thumbnail.src}
                picture={{ ...thumbnail, width: 80, height: 80 }}
                className="size-20 object-cover"
              />
            ))
          : []
      }
    />
  );
}
