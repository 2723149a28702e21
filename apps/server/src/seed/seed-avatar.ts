import { deflateSync } from 'node:zlib';

/**
 * Demo profile photos drawn locally (no downloads): a small, deterministic PNG encoder (RGB,
 * 8 bits, no interlace; zlib from node, CRC-32 by hand) and an avatar painter.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes `rgb` (width * height * 3 bytes, row by row) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (rgb.length !== width * height * 3) throw new Error('rgb must hold width * height * 3 bytes');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter and interlace methods stay 0
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const offset = y * (width * 3 + 1);
    rows[offset] = 0; // filter: none
    rows.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), offset + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];

const PALETTE: Rgb[] = [
  [30, 58, 138],
  [190, 18, 60],
  [4, 120, 87],
  [180, 83, 9],
  [109, 40, 217],
  [14, 116, 144],
  [157, 23, 77],
  [63, 98, 18],
  [67, 56, 202],
  [194, 65, 12],
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/**
 * A square avatar: a vertical gradient in one of ten colours, a ring pattern that differs per
 * seed, and a light head-and-shoulders silhouette; 2x2 supersampled so the edges are smooth.
 */
export function renderAvatarPng(seed: number, size = 160): Buffer {
  const base = PALETTE[Math.abs(seed) % PALETTE.length] ?? [30, 58, 138];
  const light = mix(base, [255, 255, 255], 0.78);
  const ringX = ((seed * 37) % 100) / 100;
  const ringY = ((seed * 61) % 100) / 100;
  const ringStep = 0.07 + ((seed * 13) % 5) * 0.012;
  const rgb = new Uint8Array(size * size * 3);
  const samples = [0.25, 0.75];
  const sum = [0, 0, 0];

  function add(colour: Rgb) {
    sum[0] = (sum[0] ?? 0) + colour[0];
    sum[1] = (sum[1] ?? 0) + colour[1];
    sum[2] = (sum[2] ?? 0) + colour[2];
  }

  for (let py = 0; py < size; py++) {
    // The background depends on the row (a gradient) and on the ring a point falls in.
    const rows = samples.map((dy) => {
      const y = (py + dy) / size;
      const gradient = mix(mix(base, [255, 255, 255], 0.18), mix(base, [0, 0, 0], 0.2), y);
      return { y, gradient, ring: mix(gradient, [255, 255, 255], 0.07) };
    });
    for (let px = 0; px < size; px++) {
      sum[0] = 0;
      sum[1] = 0;
      sum[2] = 0;
      for (const row of rows) {
        for (const dx of samples) {
          const x = (px + dx) / size;
          const { y } = row;
          const hx = x - 0.5;
          const hy = y - 0.4;
          const sx = (x - 0.5) / 0.33;
          const sy = (y - 0.98) / 0.3;
          if (hx * hx + hy * hy < 0.030625 || sx * sx + sy * sy < 1) add(light);
          else {
            const rx = x - ringX;
            const ry = y - ringY;
            add(Math.floor(Math.sqrt(rx * rx + ry * ry) / ringStep) % 2 === 0 ? row.ring : row.gradient);
          }
        }
      }
      const i = (py * size + px) * 3;
      rgb[i] = Math.round((sum[0] ?? 0) / 4);
      rgb[i + 1] = Math.round((sum[1] ?? 0) / 4);
      rgb[i + 2] = Math.round((sum[2] ?? 0) / 4);
    }
  }
  return encodePng(size, size, rgb);
}
