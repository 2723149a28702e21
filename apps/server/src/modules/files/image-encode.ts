import sharp, { type Metadata } from 'sharp';
import { type ImageInfo, inspectImage, MAX_IMAGE_PIXELS } from './image-check.ts';

// One upload at a time per image; no decoded images kept around between uploads.
sharp.cache(false);

/** Frames times pixels an animated image may decode to (a few seconds of a small GIF). */
export const MAX_ANIMATION_PIXELS = 100_000_000;

export type EncodedImage = { data: Buffer; info: ImageInfo };

export class ImageRefused extends Error {
  constructor(readonly reason: 'invalidType' | 'tooLarge') {
    super(reason);
  }
}

/**
 * Decodes an image that `inspectImage` already recognised and sized, and writes it again in the
 * same format: the camera's orientation is applied to the pixels, and nothing else of the file
 * survives (EXIF with GPS position and camera serials, XMP, comments, anything appended after
 * the image). A file that does not decode is refused as not an image.
 */
export async function reencodeImage(data: Buffer, declared: ImageInfo): Promise<EncodedImage> {
  const animated = declared.mime === 'image/gif' || declared.mime === 'image/webp';
  let meta: Metadata;
  try {
    meta = await sharp(data, { animated, limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw new ImageRefused('invalidType');
  }
  const pages = meta.pages ?? 1;
  const pageHeight = meta.pageHeight ?? meta.height ?? declared.height;
  if (pages * (meta.width ?? declared.width) * pageHeight > MAX_ANIMATION_PIXELS && pages > 1) {
    throw new ImageRefused('tooLarge');
  }
  // Without `keepMetadata`/`withMetadata` sharp writes no EXIF, XMP or IPTC; `rotate()` with no
  // angle turns the pixels the way the EXIF orientation said (one frame only: animations have none).
  let pipeline = sharp(data, { animated, limitInputPixels: MAX_IMAGE_PIXELS });
  if (pages === 1) pipeline = pipeline.rotate();
  switch (declared.mime) {
    case 'image/jpeg':
      pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
      break;
    case 'image/png':
      pipeline = pipeline.png();
      break;
    case 'image/gif':
      pipeline = pipeline.gif();
      break;
    case 'image/webp':
      pipeline = pipeline.webp({ quality: 85 });
      break;
  }
  let output: Buffer;
  try {
    output = await pipeline.toBuffer();
  } catch {
    throw new ImageRefused('invalidType');
  }
  const info = inspectImage(output);
  if (!info || info.mime !== declared.mime) throw new ImageRefused('invalidType');
  return { data: output, info };
}
