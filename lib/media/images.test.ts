// Uploaded pictures: what is refused before anything is stored, and what is kept of the rest.
import { crc32 } from 'node:zlib';

import sharp from 'sharp';

import { MAX_UPLOAD_BYTES, processPicture } from './images';

const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#7b3f00' } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header claims `width` x `height` while its data is that of a 1x1 picture. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await photo(1, 1, 'png'));
  // Signature (8 bytes), IHDR length and type (8), then width and height; the CRC covers the
  // type and the 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('processPicture', () => {
  it('keeps a JPEG as an upright JPEG without its EXIF (GPS) and names it by its content', async () => {
    const withGps = await sharp(await photo(800, 600))
      .withExif({ IFD0: { Make: 'Phone', Model: 'X' }, IFD3: { GPSLatitudeRef: 'S' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const result = await processPicture({ name: 'ovo.jpg', bytes: withGps }, 'product');
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    const kept = await sharp(result.picture.bytes).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect([result.picture.width, result.picture.height]).toEqual([800, 600]);
    expect(result.picture.hash).toMatch(/^[0-9a-f]{24}$/);
    const again = await processPicture({ name: 'copy.jpg', bytes: withGps }, 'product');
    expect(again.ok && again.picture.hash).toBe(result.picture.hash);
  });

  it('turns a sideways photo upright and scales a large one down to 1600 px', async () => {
    const sideways = await sharp(await photo(3000, 2000))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await processPicture({ name: 'big.jpg', bytes: sideways }, 'product');
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    expect([result.picture.width, result.picture.height]).toEqual([1067, 1600]);
  });

  it('takes PNG and WebP, and stores them as JPEG', async () => {
    for (const format of ['png', 'webp'] as const) {
      const result = await processPicture(
        { name: `a.${format}`, bytes: await photo(500, 500, format) },
        'product',
      );
      expect(result.ok && result.picture.contentType).toBe('image/jpeg');
    }
  });

  it.each([
    [
      'a file over 10 MB',
      async () => Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1),
      { key: 'fileTooLarge', values: { name: 'x.jpg', max: 10 } },
    ],
    [
      'a text file renamed .jpg',
      async () => Buffer.from('not a picture at all, just some words'),
      { key: 'notAnImage' },
    ],
    [
      'an HTML page renamed .jpg',
      async () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      { key: 'notAnImage' },
    ],
    [
      'an SVG (renamed .jpg or not)',
      async () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><script>alert(1)</script></svg>',
        ),
      { key: 'svgRefused' },
    ],
    [
      'a picture smaller than 400x400',
      () => photo(399, 800),
      { key: 'imageTooSmall', values: { name: 'x.jpg', width: 399, height: 800 } },
    ],
    [
      'a PNG that would decompress to 400 megapixels',
      () => pngClaiming(20_000, 20_000),
      { key: 'imageTooManyPixels', values: { name: 'x.jpg', megapixels: 40 } },
    ],
    [
      'a truncated JPEG',
      async () => (await photo(800, 800)).subarray(0, 300),
      { key: 'notAnImage' },
    ],
  ])('refuses %s', async (_label, bytes, problem) => {
    const result = await processPicture({ name: 'x.jpg', bytes: await bytes() }, 'product');
    expect(result).toMatchObject({ ok: false, problem });
  });

  it('asks a banner for 740x420 at least, upright', async () => {
    expect(
      await processPicture({ name: 'b.jpg', bytes: await photo(739, 420) }, 'banner'),
    ).toMatchObject({
      ok: false,
      problem: { key: 'imageTooSmall', values: { minWidth: 740, minHeight: 420 } },
    });
    const result = await processPicture(
      { name: 'b.jpg', bytes: await photo(2000, 1000) },
      'banner',
    );
    expect(result.ok && [result.picture.width, result.picture.height]).toEqual([1480, 740]);
  });
});
