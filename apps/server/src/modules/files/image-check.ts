/**
 * Recognises an image by its bytes, not its name, and reads its size from the header so a
 * "pixel flood" (a tiny file that decodes to a huge bitmap) is refused before anyone decodes it.
 */
export type ImageInfo = {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  ext: string;
  width: number;
  height: number;
};

export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

function startsWith(data: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((byte, i) => data[offset + i] === byte);
}

function jpegSize(data: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    // Start-of-frame markers carry the dimensions (not DHT c4, JPG c8, DAC cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(data: Buffer): { width: number; height: number } | null {
  const chunk = data.toString('ascii', 12, 16);
  if (chunk === 'VP8X' && data.length >= 30) {
    return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ' && data.length >= 30) {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && data.length >= 25) {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

export function inspectImage(data: Buffer): ImageInfo | null {
  let info: ImageInfo | null = null;
  if (data.length >= 24 && startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    info = { mime: 'image/png', ext: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  } else if (
    data.length >= 10 &&
    (data.toString('ascii', 0, 6) === 'GIF87a' || data.toString('ascii', 0, 6) === 'GIF89a')
  ) {
    info = { mime: 'image/gif', ext: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  } else if (data.length >= 4 && startsWith(data, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(data);
    if (size) info = { mime: 'image/jpeg', ext: 'jpg', ...size };
  } else if (data.length >= 16 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    const size = webpSize(data);
    if (size) info = { mime: 'image/webp', ext: 'webp', ...size };
  }
  if (!info || info.width < 1 || info.height < 1) return null;
  return info;
}

export function isImageTooLarge(info: ImageInfo): boolean {
  return info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE || info.width * info.height > MAX_IMAGE_PIXELS;
}

/**
 * A PDF (a teacher applicant's certificate), recognised by its bytes: the `%PDF-1.x` or `%PDF-2.x`
 * header and an end-of-file marker in its last kilobyte. It is stored as uploaded, never decoded.
 */
export function isPdf(data: Buffer): boolean {
  if (data.length < 16 || !/^%PDF-[12]\.\d/.test(data.toString('latin1', 0, 8))) return false;
  return data.subarray(Math.max(0, data.length - 1024)).includes('%%EOF');
}
