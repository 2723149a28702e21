import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectImage } from '../modules/files/image-check.ts';
import { crc32, encodePng, renderAvatarPng } from './seed-avatar.ts';

describe('the demo avatar PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it('writes a PNG the upload check accepts, with pixels that inflate back', () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    const png = encodePng(2, 2, rgb);
    expect(inspectImage(png)).toEqual({ mime: 'image/png', ext: 'png', width: 2, height: 2 });
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...raw]).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 9, 9, 9]);
    expect(png.subarray(-12).toString('hex')).toBe('0000000049454e44ae426082');
  });

  it('draws deterministic avatars that differ by seed', () => {
    expect(renderAvatarPng(3).equals(renderAvatarPng(3))).toBe(true);
    expect(renderAvatarPng(3).equals(renderAvatarPng(4))).toBe(false);
    expect(inspectImage(renderAvatarPng(5, 64))).toMatchObject({ width: 64, height: 64 });
  });
});
