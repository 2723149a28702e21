import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectImage } from '../modules/files/image-check.ts';
import { type AvatarPerson, crc32, encodePng, paintPortrait, portraitOf, renderAvatarPng } from './seed-avatar.ts';

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

describe('the demo portraits', () => {
  const SIZE = 64;
  const people = Array.from({ length: 30 }, (_, k) => ({ female: k % 2 === 0, gulf: k % 3 !== 2 }));
  const portraits = people.map((person, k) => paintPortrait(k, SIZE, person));

  /** Mean difference per colour channel (0-255), over the picture or over its middle (the face). */
  function difference(a: Uint8Array, b: Uint8Array, middleOnly: boolean): number {
    let sum = 0;
    let n = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        if (middleOnly && (x < SIZE * 0.25 || x >= SIZE * 0.75 || y < SIZE * 0.2 || y >= SIZE * 0.75)) continue;
        for (let c = 0; c < 3; c++) {
          const i = (y * SIZE + x) * 3 + c;
          sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
          n += 1;
        }
      }
    }
    return sum / n;
  }

  it('paints the same person for the same seed and person', () => {
    expect(Buffer.from(paintPortrait(7, SIZE, people[7])).equals(Buffer.from(portraits[7] ?? []))).toBe(true);
    expect(renderAvatarPng(7, 96, { female: true }).equals(renderAvatarPng(7, 96, { female: true }))).toBe(true);
  });

  it('paints 30 different faces: every pair differs, in the whole picture and in the face', () => {
    for (let i = 0; i < portraits.length; i++) {
      for (let j = i + 1; j < portraits.length; j++) {
        const [a, b] = [portraits[i], portraits[j]];
        if (!a || !b) throw new Error('missing portrait');
        expect(difference(a, b, false), `portraits ${i} and ${j}`).toBeGreaterThan(6);
        // Not one silhouette on different backgrounds: the middle, where the face is, differs too.
        expect(difference(a, b, true), `faces ${i} and ${j}`).toBeGreaterThan(8);
      }
    }
  });

  it('gives the portraits different dominant colours and a face in the middle', () => {
    const dominant = portraits.map((rgb) => {
      const counts = new Map<number, number>();
      for (let i = 0; i < rgb.length; i += 3) {
        const key = (((rgb[i] ?? 0) >> 5) << 6) | (((rgb[i + 1] ?? 0) >> 5) << 3) | ((rgb[i + 2] ?? 0) >> 5);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    });
    expect(new Set(dominant).size).toBeGreaterThanOrEqual(6);
    for (const rgb of portraits) {
      // The corner is background; the middle of the face is a skin tone, clearly another colour.
      const at = (x: number, y: number) =>
        [0, 1, 2].map((c) => rgb[(Math.floor(y * SIZE) * SIZE + Math.floor(x * SIZE)) * 3 + c] ?? 0);
      const [corner, face] = [at(0.02, 0.02), at(0.5, 0.5)];
      expect(corner.reduce((sum, v, c) => sum + Math.abs(v - (face[c] ?? 0)), 0)).toBeGreaterThan(60);
    }
  });

  it('covers the hair with a hijab or a ghutra for some Gulf people only, and varies the rest', () => {
    const headwearOf = (person: AvatarPerson) =>
      Array.from({ length: 40 }, (_, k) => portraitOf(k, person).headwear ?? 'none');
    const gulfWomen = headwearOf({ female: true, gulf: true });
    const gulfMen = headwearOf({ female: false, gulf: true });
    expect(new Set(gulfWomen)).toEqual(new Set(['hijab', 'none']));
    expect(new Set(gulfMen)).toEqual(new Set(['ghutra', 'shemagh', 'none']));
    expect(new Set(headwearOf({ female: true, gulf: false }))).toEqual(new Set(['none']));
    expect(new Set(headwearOf({ female: false, gulf: false }))).toEqual(new Set(['none']));
    const traits = people.map((person, k) => portraitOf(k, person));
    expect(new Set(traits.map((t) => t.skin.join())).size).toBeGreaterThanOrEqual(4);
    expect(new Set(traits.map((t) => t.hairStyle)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(traits.map((t) => t.beard)).size).toBeGreaterThanOrEqual(3);
    expect(traits.some((t) => t.glasses) && traits.some((t) => !t.glasses)).toBe(true);
  });
});
