import 'server-only';

import { createHash } from 'node:crypto';

import sharp, { type Metadata } from 'sharp';

import { BANNER_SIZE, PHOTO_SIZE } from '@/lib/catalogue/pictures';

// An uploaded picture, checked and made safe before anything is stored: JPEG, PNG or WebP only
// (told by its content, not its name; SVG refused: it can carry scripts), at most 10 MB, at least
// the size it is shown at, and at most MAX_INPUT_PIXELS (a small file can claim to decode into
// hundreds of megapixels: the size is read from its header before any decoding). Kept as a JPEG
// re-encoded from the pixels, turned upright, scaled down to what the pages can use, with no
// EXIF (a phone's photo carries where it was taken) or other metadata.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** 40 megapixels: a 48 MP phone photo is refused (the editor says to send a smaller one). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type PictureKind = 'product' | 'banner';

const MIN_SIZE: Record<PictureKind, { width: number; height: number }> = {
  product: { width: PHOTO_SIZE, height: PHOTO_SIZE },
  banner: BANNER_SIZE,
};

/** The largest box a stored picture fits in: twice what the widest page shows. */
const MAX_BOX: Record<PictureKind, { width: number; height: number }> = {
  product: { width: 1600, height: 1600 },
  banner: { width: BANNER_SIZE.width * 2, height: BANNER_SIZE.height * 2 },
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Why a file was refused: a message key under "ProductEditor.errors", with its values. */
export type PictureProblem = {
  key: 'fileTooLarge' | 'notAnImage' | 'svgRefused' | 'imageTooSmall' | 'imageTooManyPixels';
  values: Record<string, string | number>;
};

/** A picture ready to store: JPEG bytes, their size, and the name they are stored under. */
export type ProcessedPicture = {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
  /** The first 24 hex digits of the bytes' SHA-256: the object's name. */
  hash: string;
};

/** Whether the bytes are text that starts like markup (an SVG, or HTML renamed .jpg). */
function looksLikeMarkup(bytes: Buffer): 'svg' | 'markup' | null {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('<')) return null;
  return /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8')) ? 'svg' : 'markup';
}

/**
 * The upload `file` as a picture of `kind` (a product photo, a landing banner), or why it is
 * refused. Nothing is stored here.
 */
export async function processPicture(
  file: { name: string; bytes: Buffer },
  kind: PictureKind,
): Promise<{ ok: true; picture: ProcessedPicture } | { ok: false; problem: PictureProblem }> {
  const name = file.name.slice(0, 100);
  const refuse = (key: PictureProblem['key'], values: PictureProblem['values'] = {}) => ({
    ok: false as const,
    problem: { key, values: { name, ...values } },
  });
  if (file.bytes.length > MAX_UPLOAD_BYTES) return refuse('fileTooLarge', { max: 10 });
  const markup = looksLikeMarkup(file.bytes);
  if (markup) return refuse(markup === 'svg' ? 'svgRefused' : 'notAnImage');

  let metadata: Metadata;
  try {
    metadata = await sharp(file.bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse('notAnImage');
  }
  if (metadata.format === 'svg') return refuse('svgRefused');
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) return refuse('notAnImage');
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_INPUT_PIXELS) {
    return refuse('imageTooManyPixels', { megapixels: Math.round(MAX_INPUT_PIXELS / 1e6) });
  }
  // Orientations 5-8 turn the picture a quarter: its upright size is the other way round.
  const [shownWidth, shownHeight] =
    (metadata.orientation ?? 1) >= 5 ? [height, width] : [width, height];
  const min = MIN_SIZE[kind];
  if (shownWidth < min.width || shownHeight < min.height) {
    return refuse('imageTooSmall', {
      width: shownWidth,
      height: shownHeight,
      minWidth: min.width,
      minHeight: min.height,
    });
  }

  try {
    const box = MAX_BOX[kind];
    const { data, info } = await sharp(file.bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      picture: {
        bytes: data,
        width: info.width,
        height: info.height,
        contentType: 'image/jpeg',
        hash: createHash('sha256').update(data).digest('hex').slice(0, 24),
      },
    };
  } catch {
    // A header that promised a picture the data cannot deliver (truncated, corrupt).
    return refuse('notAnImage');
  }
}
