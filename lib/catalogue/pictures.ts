// Where a product's pictures come from, pure: the sizes the specification fixes and the address
// an uploaded photo is served at (app/media/[...path]/route.ts reads it from storage).

/** Product pictures are square, 400x400 at least (the cards' size). */
export const PHOTO_SIZE = 400;

/** Landing banners are 740x420 at least. */
export const BANNER_SIZE = { width: 740, height: 420 } as const;

/** Photos a product may have. */
export const MAX_PHOTOS = 6;

/** The picture of a product with neither a photo nor a drawing of its own. */
export const PLACEHOLDER_DRAWING = '/images/products/placeholder.svg';

/** A stored picture's path: `products/{key}/` or `banners/{slot}/`, then its content's hash. */
export const MEDIA_PATH_PATTERN =
  /^(?:products\/[a-z0-9]+(?:-[a-z0-9]+)*|banners\/[1-4])\/[0-9a-f]{24}\.jpg$/;

/** Where the shop serves an uploaded picture stored at `path` (named by its content). */
export function photoUrl(path: string): string {
  return `/media/${path}`;
}
