import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { pick, random } from './seed-random.ts';

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
    chunk('IDAT', deflateSync(rows, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = readonly [number, number, number];

/** A signed distance to a shape's edge, in units of the picture's side: negative inside. */
type Sdf = (x: number, y: number) => number;
/** The shape's bounding box: [x0, y0, x1, y1]. */
type Box = readonly [number, number, number, number];
type Shape = { d: Sdf; box: Box };

const clamp = (v: number, lo = 0, hi = 1) => (v < lo ? lo : v > hi ? hi : v);

/** The length of (a, b); `Math.hypot` is several times slower. */
const len = (a: number, b: number) => Math.sqrt(a * a + b * b);

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

// Shapes (inigo quilez's 2D distance functions, approximate where exact ones cost too much).

function circle(cx: number, cy: number, r: number): Shape {
  return { d: (x, y) => len(x - cx, y - cy) - r, box: [cx - r, cy - r, cx + r, cy + r] };
}

/** The estimated signed distance of a point (`px`, `py` from the centre) to an ellipse of radii `rx`, `ry`. */
function ellipseDistance(px: number, py: number, rx: number, ry: number): number {
  const k0 = len(px / rx, py / ry);
  const k1 = len(px / (rx * rx), py / (ry * ry));
  return k1 === 0 ? -Math.min(rx, ry) : (k0 * (k0 - 1)) / k1;
}

function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  return {
    d: (x, y) => ellipseDistance(x - cx, y - cy, rx, ry),
    box: [cx - rx, cy - ry, cx + rx, cy + ry],
  };
}

function roundRect(cx: number, cy: number, hw: number, hh: number, r: number): Shape {
  return {
    d: (x, y) => {
      const qx = Math.abs(x - cx) - hw + r;
      const qy = Math.abs(y - cy) - hh + r;
      return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    },
    box: [cx - hw, cy - hh, cx + hw, cy + hh],
  };
}

function capsule(ax: number, ay: number, bx: number, by: number, r: number): Shape {
  const bax = bx - ax;
  const bay = by - ay;
  const len2 = bax * bax + bay * bay;
  return {
    d: (x, y) => {
      const pax = x - ax;
      const pay = y - ay;
      const h = clamp((pax * bax + pay * bay) / len2);
      return len(pax - bax * h, pay - bay * h) - r;
    },
    box: [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r],
  };
}

/** A stroke along a circle's arc from angle `from` to `to` (radians, y down: π/2 points down). */
function arc(cx: number, cy: number, radius: number, from: number, to: number, thickness: number): Shape {
  const mid = (from + to) / 2;
  const half = Math.abs(to - from) / 2;
  const ends = [from, to].map((a) => [cx + radius * Math.cos(a), cy + radius * Math.sin(a)] as const);
  return {
    d: (x, y) => {
      const delta = Math.atan2(y - cy, x - cx) - mid;
      const wrapped = delta - 2 * Math.PI * Math.round(delta / (2 * Math.PI));
      if (Math.abs(wrapped) <= half) return Math.abs(len(x - cx, y - cy) - radius) - thickness;
      let best = Number.POSITIVE_INFINITY;
      for (const [ex, ey] of ends) best = Math.min(best, len(x - ex, y - ey));
      return best - thickness;
    },
    box: [cx - radius - thickness, cy - radius - thickness, cx + radius + thickness, cy + radius + thickness],
  };
}

/** A polygon (any simple one), its points in order. */
function polygon(points: readonly (readonly [number, number])[]): Shape {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {
    d: (x, y) => {
      const first = points[0] ?? [0, 0];
      let d = (x - first[0]) ** 2 + (y - first[1]) ** 2;
      let sign = 1;
      for (let i = 0, j = points.length - 1; i < points.length; j = i, i++) {
        const [vix, viy] = points[i] ?? [0, 0];
        const [vjx, vjy] = points[j] ?? [0, 0];
        const ex = vjx - vix;
        const ey = vjy - viy;
        const wx = x - vix;
        const wy = y - viy;
        const h = clamp((wx * ex + wy * ey) / (ex * ex + ey * ey));
        const bx = wx - ex * h;
        const by = wy - ey * h;
        d = Math.min(d, bx * bx + by * by);
        const c1 = y >= viy;
        const c2 = y < vjy;
        const c3 = ex * wy > ey * wx;
        if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) sign = -sign;
      }
      return sign * Math.sqrt(d);
    },
    box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
  };
}

/** A polygon on one side of the centre line `cx`: each point is [its distance from the line, y]; `side` is -1 or 1. */
function sidePolygon(cx: number, side: number, points: readonly (readonly [number, number])[]): Shape {
  return polygon(points.map(([dx, y]) => [cx + side * dx, y] as const));
}

/** Everything above the curve y = h(x) (a smooth curve; its slope keeps the distance honest). */
function above(h: (x: number) => number): Shape {
  return {
    d: (x, y) => {
      const slope = (h(x + 0.001) - h(x - 0.001)) / 0.002;
      return (y - h(x)) / Math.sqrt(1 + slope * slope);
    },
    box: [0, 0, 1, 1],
  };
}

/** Everything below the line y = y0. */
function below(y0: number): Shape {
  return { d: (_x, y) => y0 - y, box: [0, y0, 1, 1] };
}

function union(...shapes: Shape[]): Shape {
  return {
    d: (x, y) => {
      let d = Number.POSITIVE_INFINITY;
      for (const shape of shapes) d = Math.min(d, shape.d(x, y));
      return d;
    },
    box: [
      Math.min(...shapes.map((s) => s.box[0])),
      Math.min(...shapes.map((s) => s.box[1])),
      Math.max(...shapes.map((s) => s.box[2])),
      Math.max(...shapes.map((s) => s.box[3])),
    ],
  };
}

function intersect(a: Shape, b: Shape): Shape {
  return {
    d: (x, y) => Math.max(a.d(x, y), b.d(x, y)),
    box: [
      Math.max(a.box[0], b.box[0]),
      Math.max(a.box[1], b.box[1]),
      Math.min(a.box[2], b.box[2]),
      Math.min(a.box[3], b.box[3]),
    ],
  };
}

function subtract(a: Shape, b: Shape): Shape {
  return { d: (x, y) => Math.max(a.d(x, y), -b.d(x, y)), box: a.box };
}

/** The outline of a shape, `width` wide. */
function outline(a: Shape, width: number): Shape {
  const [x0, y0, x1, y1] = a.box;
  return { d: (x, y) => Math.abs(a.d(x, y)) - width / 2, box: [x0 - width, y0 - width, x1 + width, y1 + width] };
}

type Paint = Rgb | ((x: number, y: number) => Rgb);

/**
 * A paint that runs from `a` to `b` as `t(x, y)` goes from 0 to 1. It returns one reused array
 * (read at once by the canvas): a new one per pixel kept the garbage collector busy.
 */
function gradient(a: Rgb, b: Rgb, t: (x: number, y: number) => number): (x: number, y: number) => Rgb {
  const out: [number, number, number] = [0, 0, 0];
  return (x, y) => {
    const k = clamp(t(x, y));
    out[0] = a[0] + (b[0] - a[0]) * k;
    out[1] = a[1] + (b[1] - a[1]) * k;
    out[2] = a[2] + (b[2] - a[2]) * k;
    return out;
  };
}

type Canvas = ReturnType<typeof createCanvas>;

/** The canvas's tile side in pixels. */
const TILE = 8;

/**
 * A canvas of floats; shapes are painted in order, each edge anti-aliased over about a pixel.
 * Shapes are drawn in picture units (0..1); `zoom` shows the middle of that square larger.
 */
function createCanvas(size: number, zoom = 1) {
  const pixels = new Float32Array(size * size * 3);
  /** Picture units per pixel, and the unit at the middle of pixel `p`, and the pixel of unit `u`. */
  const unit = 1 / (size * zoom);
  const at = (p: number) => 0.5 + (p + 0.5 - size / 2) * unit;
  const pixelOf = (u: number) => (u - 0.5) / unit + size / 2;
  function blend(i: number, c: Rgb, coverage: number) {
    pixels[i] = (pixels[i] ?? 0) + (c[0] - (pixels[i] ?? 0)) * coverage;
    pixels[i + 1] = (pixels[i + 1] ?? 0) + (c[1] - (pixels[i + 1] ?? 0)) * coverage;
    pixels[i + 2] = (pixels[i + 2] ?? 0) + (c[2] - (pixels[i + 2] ?? 0)) * coverage;
  }
  return {
    fill(paint: (x: number, y: number) => Rgb) {
      for (let py = 0; py < size; py++) {
        for (let px = 0; px < size; px++) blend((py * size + px) * 3, paint(at(px), at(py)), 1);
      }
    },
    /**
     * `soft`: how wide the edge fades, in picture units (a blush); a pixel by default. Works in
     * tiles of 8 x 8 pixels: a tile whose middle is far enough from the edge is wholly inside
     * (painted without measuring each pixel) or wholly outside (skipped).
     */
    paint(shape: Shape, paint: Paint, { alpha = 1, soft = 0 } = {}) {
      const feather = Math.max(soft, unit);
      const margin = feather + unit;
      const x0 = Math.max(0, Math.floor(pixelOf(shape.box[0] - margin)));
      const y0 = Math.max(0, Math.floor(pixelOf(shape.box[1] - margin)));
      const x1 = Math.min(size - 1, Math.ceil(pixelOf(shape.box[2] + margin)));
      const y1 = Math.min(size - 1, Math.ceil(pixelOf(shape.box[3] + margin)));
      // Half a tile's diagonal, with room for the distances that are estimates (ellipses, curves).
      const reach = TILE * unit * Math.SQRT1_2 * 1.5 + feather;
      for (let ty = y0; ty <= y1; ty += TILE) {
        const tyEnd = Math.min(y1, ty + TILE - 1);
        for (let tx = x0; tx <= x1; tx += TILE) {
          const txEnd = Math.min(x1, tx + TILE - 1);
          const d = shape.d(at((tx + txEnd) / 2), at((ty + tyEnd) / 2));
          if (d > reach) continue;
          const inside = d < -reach;
          for (let py = ty; py <= tyEnd; py++) {
            const y = at(py);
            for (let px = tx; px <= txEnd; px++) {
              const x = at(px);
              const coverage = inside ? alpha : clamp(0.5 - shape.d(x, y) / feather) * alpha;
              if (coverage > 0)
                blend((py * size + px) * 3, typeof paint === 'function' ? paint(x, y) : paint, coverage);
            }
          }
        }
      }
    },
    rgb(): Uint8Array {
      // A clamped array rounds and clamps as it stores.
      return new Uint8Array(Uint8ClampedArray.from(pixels).buffer);
    },
  };
}

/** Colours written as CSS writes them, six hex digits each, separated by spaces. */
function palette(hexes: string): Rgb[] {
  return hexes.split(' ').map((hex): Rgb => {
    const value = Number.parseInt(hex, 16);
    return [value >> 16, (value >> 8) & 255, value & 255];
  });
}

/** Skin tones from light to deep. */
const SKINS = palette('ffe0c8 f6d0b2 eabe98 daa87e c48e66 a46e4c 7e5036 5c3a28');
const HAIR = {
  black: [34, 28, 28] as Rgb,
  darkBrown: [62, 40, 28] as Rgb,
  brown: [104, 66, 38] as Rgb,
  auburn: [140, 62, 34] as Rgb,
  blond: [214, 172, 100] as Rgb,
  grey: [168, 166, 162] as Rgb,
};
const BACKGROUNDS = palette('bfdbfe bbf7d0 fed7aa e9d5ff fecdd3 a5f3fc fef08a c7d2fe d9f99d fbcfe8 ccfbf1 e2e8f0');
const CLOTHES = palette('1e3a8a 9f1239 065f46 92400e 5b21b6 0e7490 374151 be185d 4d7c0f ea580c 1e293b 78716c');
const HIJABS = palette('1e293b 7f1d1d d6c4aa be848c 115e59 18181b 6b7280 656e3c 9682be b48232 3c508c');
const EYES = palette('3a2416 4a2e1a 60401e 466e46 3c6496');

/** Who the portrait shows; a seed picks the rest (face, hair, colours, glasses). */
export type AvatarPerson = {
  female?: boolean;
  /** A Gulf name: some wear a hijab or a ghutra, hair and skin from the region's range. */
  gulf?: boolean;
};

function distance(a: Rgb, b: Rgb) {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
}

/** The choices one seed makes for a portrait: who it shows, what they wear, the colours. */
export function portraitOf(seed: number, person: AvatarPerson = {}) {
  const next = random(Math.imul(seed + 1, 2654435761));
  const female = person.female ?? next() < 0.5;
  const gulf = person.gulf ?? false;
  const skin = gulf ? pick(SKINS.slice(1, 6), next) : pick(SKINS, next);
  const grey = next() < (female ? 0.06 : 0.14);
  const hair = grey
    ? HAIR.grey
    : gulf
      ? pick([HAIR.black, HAIR.black, HAIR.darkBrown, HAIR.brown], next)
      : SKINS.indexOf(skin) <= 2
        ? pick([HAIR.darkBrown, HAIR.brown, HAIR.brown, HAIR.auburn, HAIR.blond, HAIR.blond], next)
        : pick([HAIR.black, HAIR.black, HAIR.darkBrown], next);
  const background = pick(BACKGROUNDS, next);
  const picked = pick(CLOTHES, next);
  // Clothes that stand out from the background.
  const clothes =
    distance(picked, background) < 120 ? (CLOTHES[(CLOTHES.indexOf(picked) + 5) % CLOTHES.length] ?? picked) : picked;
  const eyeColour = gulf ? pick(EYES.slice(0, 3), next) : pick(EYES, next);
  const hijab = female && gulf && next() < 0.55;
  const ghutra = !female && gulf && next() < 0.5;
  const shemagh = ghutra && next() < 0.4;
  const glasses = next() < 0.25;
  const glassesColour = pick<Rgb>(
    [
      [34, 34, 40],
      [110, 70, 40],
      [186, 150, 80],
      [60, 60, 120],
    ],
    next,
  );
  const hairStyle = female
    ? pick(['long', 'long', 'bob', 'bun', 'wavy'] as const, next)
    : pick(['short', 'sidePart', 'curly', 'buzz', grey ? 'receding' : 'short'] as const, next);
  const beard = female
    ? 'none'
    : pick(
        gulf
          ? (['full', 'full', 'goatee', 'stubble', 'none'] as const)
          : (['none', 'none', 'stubble', 'full', 'goatee'] as const),
        next,
      );
  const openSmile = next() < 0.55;
  const collar = pick(['crew', 'vneck', 'shirt', 'blazer'] as const, next);
  const headwear = hijab ? 'hijab' : shemagh ? 'shemagh' : ghutra ? 'ghutra' : null;
  // The generator goes on to the finer details (face shape, colours of the headwear).
  return {
    next,
    female,
    skin,
    grey,
    hair,
    background,
    clothes,
    eyeColour,
    headwear,
    glasses,
    glassesColour,
    hairStyle,
    beard,
    openSmile,
    collar,
  };
}

/**
 * Paints a head-and-shoulders portrait into RGB bytes (`size` x `size`): a pastel background,
 * clothes, neck, ears, face, eyes, brows, nose, mouth, then hair, a hijab or a ghutra and agal,
 * a beard and glasses for some. Every choice comes from `seed`, so one seed is one person.
 */
export function paintPortrait(seed: number, size: number, person: AvatarPerson = {}): Uint8Array {
  const look = portraitOf(seed, person);
  const { next, female, skin, hair, background, clothes } = look;
  const skinShade = mix(skin, [90, 40, 30], 0.22);
  const hijab = look.headwear === 'hijab';
  const ghutra = look.headwear === 'ghutra' || look.headwear === 'shemagh';
  const shemagh = look.headwear === 'shemagh';

  const cx = 0.5;
  const cy = 0.43 + (next() - 0.5) * 0.02;
  const rx = 0.148 + next() * 0.022;
  const ry = 0.19 + next() * 0.016;
  const jaw = 0.12 + next() * 0.12;
  const eyeY = cy + 0.005;
  const eyeDx = 0.058 + next() * 0.008;
  const mouthY = cy + 0.118;
  const noseY = cy + 0.062;
  const top = cy - ry;

  const canvas: Canvas = createCanvas(size, 1.12);
  const light = mix(background, WHITE, 0.45);
  canvas.fill(gradient(light, background, (x, y) => len(x - 0.5, y - 0.36) * 1.6));

  // An egg: the ellipse narrows towards the chin by `jaw`.
  const face: Shape = {
    d: (x, y) => {
      const t = clamp((y - cy) / ry);
      const w = rx * (1 - jaw * t * t);
      return ellipseDistance(x - cx, y - cy, w, ry);
    },
    box: [cx - rx, cy - ry, cx + rx, cy + ry],
  };
  const faceShade = gradient(
    skin,
    skinShade,
    (x, y) => clamp((y - cy) / ry) * 0.35 + clamp(Math.abs(x - cx) / rx - 0.7) * 0.5,
  );
  const hairPaint = gradient(mix(hair, WHITE, 0.16), hair, (_x, y) => (y - top + 0.02) / 0.12);

  // Hair that falls behind the shoulders comes first.
  if (female && !hijab) {
    const length = look.hairStyle === 'bob' ? 0.1 : look.hairStyle === 'bun' ? -0.08 : 0.24;
    const back = union(
      ellipse(cx, cy - 0.005, rx + 0.05, ry + 0.045),
      roundRect(
        cx,
        cy + length / 2 + 0.04,
        rx + 0.048 + (look.hairStyle === 'wavy' ? 0.015 : 0),
        length / 2 + 0.1,
        0.07,
      ),
    );
    if (look.hairStyle === 'wavy') {
      const waves: Shape[] = [];
      for (let k = 0; k < 7; k++) {
        const wy = cy + 0.02 + k * 0.045;
        waves.push(circle(cx - rx - 0.05, wy, 0.032), circle(cx + rx + 0.05, wy, 0.032));
      }
      canvas.paint(union(back, ...waves), hairPaint);
    } else canvas.paint(back, hairPaint);
    if (look.hairStyle === 'bun') canvas.paint(circle(cx, top - 0.025, 0.062), hairPaint);
  }

  // Clothes, neck and (for a ghutra) the cloth falling on both sides of the chest.
  const neck = roundRect(cx, 0.72, 0.068, 0.17, 0.03);
  canvas.paint(neck, skin);
  canvas.paint(ellipse(cx, cy + ry - 0.005, rx * 0.72, 0.05), skinShade, { alpha: 0.8 });
  const torso = ellipse(cx, 1.1, 0.4 + next() * 0.03, 0.33);
  const clothesPaint = gradient(
    mix(clothes, WHITE, 0.08),
    mix(clothes, BLACK, 0.18),
    (x, y) => (y - 0.78) / 0.22 + Math.abs(x - cx) * 0.6,
  );
  if (ghutra) {
    const thobe: Rgb = pick<Rgb>(
      [
        [246, 246, 242],
        [236, 232, 222],
        [222, 226, 230],
      ],
      next,
    );
    canvas.paint(
      torso,
      gradient(thobe, mix(thobe, BLACK, 0.12), (x, y) => Math.abs(x - cx) * 1.4 + (y - 0.8)),
    );
    canvas.paint(outline(ellipse(cx, 0.8, 0.07, 0.03), 0.012), mix(thobe, BLACK, 0.1));
  } else if (hijab) {
    canvas.paint(torso, clothesPaint);
  } else if (look.collar === 'crew') {
    canvas.paint(subtract(torso, ellipse(cx, 0.79, 0.066, 0.045)), clothesPaint);
    canvas.paint(intersect(outline(ellipse(cx, 0.79, 0.066, 0.045), 0.012), torso), mix(clothes, BLACK, 0.2));
  } else if (look.collar === 'vneck') {
    canvas.paint(
      subtract(
        torso,
        polygon([
          [cx - 0.066, 0.74],
          [cx + 0.066, 0.74],
          [cx, 0.9],
        ]),
      ),
      clothesPaint,
    );
  } else {
    const shirt: Rgb =
      look.collar === 'blazer'
        ? pick<Rgb>(
            [
              [248, 250, 252],
              [219, 234, 254],
              [254, 243, 199],
            ],
            next,
          )
        : clothes;
    canvas.paint(torso, clothesPaint);
    if (look.collar === 'blazer') {
      canvas.paint(
        intersect(
          polygon([
            [cx - 0.1, 0.76],
            [cx + 0.1, 0.76],
            [cx, 1.02],
          ]),
          torso,
        ),
        shirt,
      );
      const lapel = mix(clothes, BLACK, 0.25);
      for (const side of [-1, 1]) {
        canvas.paint(
          sidePolygon(cx, side, [
            [0.1, 0.765],
            [0.06, 0.77],
            [0.005, 1],
            [0.03, 1],
          ]),
          lapel,
        );
      }
    }
    canvas.paint(
      polygon([
        [cx - 0.05, 0.75],
        [cx + 0.05, 0.75],
        [cx, 0.83],
      ]),
      skin,
    );
    const collarColour = look.collar === 'blazer' ? mix(shirt, BLACK, 0.06) : mix(clothes, WHITE, 0.2);
    for (const side of [-1, 1]) {
      canvas.paint(
        sidePolygon(cx, side, [
          [0.075, 0.74],
          [0.004, 0.835],
          [0.07, 0.85],
          [0.09, 0.79],
        ]),
        collarColour,
      );
    }
  }

  const clothWhite: Rgb = [248, 248, 246];
  const shemaghRed: Rgb = [196, 32, 44];
  const plainCloth = gradient(clothWhite, mix(clothWhite, BLACK, 0.1), (x, y) => Math.abs(x - cx) * 2 + (y - cy) * 0.3);
  // A shemagh: red lines crossing on the diagonals of the white cloth.
  const clothPaint: Paint = shemagh
    ? (x, y) => (((x + y) / 0.034) % 1 < 0.28 || ((x - y + 2) / 0.034) % 1 < 0.28 ? shemaghRed : clothWhite)
    : plainCloth;
  if (ghutra) {
    const wide = rx + 0.05;
    const drape = subtract(
      union(
        ellipse(cx, cy - 0.02, wide, ry + 0.05),
        polygon([
          [cx - wide, cy - 0.02],
          [cx + wide, cy - 0.02],
          [cx + wide + 0.12, 0.98],
          [cx - wide - 0.12, 0.98],
        ]),
      ),
      polygon([
        [cx - 0.09, cy + 0.1],
        [cx + 0.09, cy + 0.1],
        [cx + 0.13, 1.02],
        [cx - 0.13, 1.02],
      ]),
    );
    canvas.paint(drape, clothPaint);
  }

  // Ears, then the face.
  if (!hijab && !ghutra) {
    for (const side of [-1, 1]) {
      canvas.paint(ellipse(cx + side * (rx - 0.006), cy + 0.015, 0.026, 0.04), skin);
      canvas.paint(ellipse(cx + side * (rx + 0.002), cy + 0.016, 0.011, 0.022), skinShade, { alpha: 0.6 });
    }
  }
  if (hijab) {
    const scarf = pick(HIJABS, next);
    const scarfPaint = gradient(
      mix(scarf, WHITE, 0.08),
      mix(scarf, BLACK, 0.16),
      (x, y) => Math.abs(x - cx) * 2.2 + (y - cy) * 0.5,
    );
    canvas.paint(
      union(
        ellipse(cx, cy - 0.01, rx + 0.062, ry + 0.066),
        ellipse(cx, 0.8, 0.27, 0.2),
        roundRect(cx, 0.62, rx + 0.04, 0.16, 0.08),
      ),
      scarfPaint,
    );
    canvas.paint(face, faceShade);
    const opening = ellipse(cx, cy + 0.035, rx * 0.94, ry * 0.99);
    const band = subtract(ellipse(cx, cy - 0.01, rx + 0.062, ry + 0.066), opening);
    canvas.paint(
      intersect(
        band,
        above(() => cy + 0.09),
      ),
      scarfPaint,
    );
    const under = pick<Rgb>([[250, 250, 250], mix(scarf, WHITE, 0.45), mix(scarf, BLACK, 0.4)], next);
    canvas.paint(
      intersect(
        outline(ellipse(cx, cy + 0.035, rx * 0.94 + 0.004, ry * 0.99 + 0.004), 0.011),
        above(() => cy + 0.02),
      ),
      under,
    );
  } else canvas.paint(face, faceShade);

  // Blush, eyes, brows, nose.
  for (const side of [-1, 1]) {
    canvas.paint(ellipse(cx + side * 0.092, cy + 0.07, 0.03, 0.018), [236, 120, 110], {
      alpha: female ? 0.22 : 0.1,
      soft: 0.025,
    });
  }
  const browColour = look.grey ? mix(HAIR.grey, BLACK, 0.25) : mix(hair, BLACK, 0.15);
  const browArch = 0.8 + next() * 0.5;
  const browThick = female ? 0.0042 : 0.0058 + next() * 0.002;
  const browTilt = (next() - 0.5) * 0.3;
  for (const side of [-1, 1]) {
    const ex = cx + side * eyeDx;
    const sclera = ellipse(ex, eyeY, 0.024, 0.0155);
    canvas.paint(sclera, [252, 252, 250]);
    canvas.paint(intersect(circle(ex, eyeY + 0.001, 0.0128), sclera), look.eyeColour);
    canvas.paint(intersect(circle(ex, eyeY + 0.001, 0.0062), sclera), [20, 16, 16]);
    canvas.paint(circle(ex + 0.004, eyeY - 0.004, 0.0032), WHITE);
    canvas.paint(
      intersect(
        outline(sclera, female ? 0.0075 : 0.005),
        above(() => eyeY - 0.002),
      ),
      [36, 26, 24],
    );
    const bx = ex + side * 0.003;
    const tilt = side * browTilt;
    canvas.paint(
      arc(
        bx,
        eyeY - 0.027 + 0.05 * browArch,
        0.05 * browArch + 0.008,
        -Math.PI / 2 - 0.38 + tilt,
        -Math.PI / 2 + 0.38 + tilt,
        browThick,
      ),
      browColour,
    );
  }
  canvas.paint(arc(cx, noseY - 0.018, 0.02, Math.PI / 2 - 0.7, Math.PI / 2 + 0.7, 0.0036), skinShade);
  canvas.paint(capsule(cx - 0.003, eyeY + 0.02, cx - 0.006, noseY - 0.005, 0.003), skinShade, { alpha: 0.35 });

  // Beard and moustache, then the mouth.
  if (look.beard === 'full' || look.beard === 'stubble') {
    const shape = intersect(union(face, ellipse(cx, cy + 0.04, rx * (1 - jaw * 0.5) + 0.008, ry + 0.012)), {
      d: (x, y) => (cy + 0.045 + (rx - Math.min(Math.abs(x - cx), rx)) * 0.45 - y) / 1.1,
      box: [0, cy, 1, 1],
    });
    canvas.paint(
      subtract(shape, ellipse(cx, mouthY + 0.004, 0.042, 0.02)),
      look.beard === 'stubble' ? mix(hair, BLACK, 0.35) : hairPaint,
      {
        alpha: look.beard === 'stubble' ? 0.24 : 1,
      },
    );
  }
  if (look.beard === 'goatee') canvas.paint(ellipse(cx, mouthY + 0.052, 0.04, 0.04), hair);
  if (look.beard !== 'none' && look.beard !== 'stubble') {
    for (const side of [-1, 1])
      canvas.paint(capsule(cx + side * 0.006, mouthY - 0.021, cx + side * 0.046, mouthY - 0.008, 0.009), hair);
  }
  const lips = mix(skin, female ? [196, 64, 86] : [160, 70, 70], female ? 0.6 : 0.45);
  if (look.openSmile) {
    const mouth = intersect(ellipse(cx, mouthY - 0.004, 0.044, 0.03), below(mouthY - 0.004));
    canvas.paint(mouth, [120, 36, 44]);
    canvas.paint(
      intersect(
        mouth,
        above(() => mouthY + 0.006),
      ),
      [250, 250, 248],
    );
    canvas.paint(outline(mouth, 0.007), lips);
  } else {
    canvas.paint(arc(cx, mouthY - 0.045, 0.052, Math.PI / 2 - 0.5, Math.PI / 2 + 0.5, 0.0048), lips);
  }

  // Hair on top, or the front of the hijab, or the ghutra and its agal.
  const cap = (grow: number, lift: number) => ellipse(cx, cy - 0.015 - lift, rx + grow, ry + grow + lift);
  if (!hijab && !ghutra) {
    if (female) {
      const part = (next() - 0.5) * 0.08;
      canvas.paint(
        intersect(
          cap(0.028, 0.01),
          above((x) => cy - 0.15 + 0.8 * Math.abs(x - cx - part) ** 1.35 * 2.4),
        ),
        hairPaint,
      );
    } else if (look.hairStyle === 'curly') {
      const bumps: Shape[] = [];
      for (let k = 0; k <= 10; k++) {
        const a = Math.PI + (k / 10) * Math.PI;
        bumps.push(circle(cx + Math.cos(a) * (rx + 0.01), cy - 0.02 + Math.sin(a) * (ry + 0.02), 0.042));
      }
      canvas.paint(
        intersect(
          union(cap(0.03, 0.02), ...bumps),
          above((x) => cy - 0.1 + 2.8 * (x - cx) ** 2),
        ),
        hairPaint,
      );
    } else if (look.hairStyle === 'buzz') {
      canvas.paint(
        intersect(
          cap(0.008, 0),
          above((x) => cy - 0.115 + 3.6 * (x - cx) ** 2),
        ),
        mix(hair, skin, 0.25),
      );
    } else if (look.hairStyle === 'receding') {
      canvas.paint(
        intersect(
          cap(0.014, 0.004),
          above((x) => cy - 0.2 + 6.5 * (x - cx) ** 2),
        ),
        hairPaint,
      );
    } else {
      const sweep = look.hairStyle === 'sidePart' ? 0.16 * (next() < 0.5 ? -1 : 1) : 0;
      const lift = look.hairStyle === 'sidePart' ? 0.03 : 0.018;
      canvas.paint(
        intersect(
          cap(0.02, lift),
          above((x) => cy - 0.118 + sweep * (x - cx) + 3.4 * (x - cx) ** 2),
        ),
        hairPaint,
      );
    }
  }
  if (ghutra) {
    const wide = rx + 0.05;
    const opening = ellipse(cx, cy + 0.05, rx * 0.97, ry);
    canvas.paint(
      intersect(
        subtract(ellipse(cx, cy - 0.02, wide, ry + 0.05), opening),
        above(() => cy + 0.12),
      ),
      clothPaint,
    );
    const agal: Rgb = [26, 26, 30];
    for (const dy of [0, 0.018]) {
      canvas.paint(
        intersect(outline(ellipse(cx, cy - 0.12 + dy, wide + 0.004, 0.05), 0.011), below(cy - 0.12 + dy)),
        agal,
      );
    }
  }

  if (look.glasses) {
    for (const side of [-1, 1]) {
      const ex = cx + side * eyeDx;
      canvas.paint(outline(roundRect(ex, eyeY + 0.002, 0.036, 0.026, 0.013), 0.0065), look.glassesColour);
      canvas.paint(roundRect(ex, eyeY + 0.002, 0.033, 0.023, 0.011), WHITE, { alpha: 0.08 });
    }
    canvas.paint(arc(cx, eyeY + 0.006, eyeDx - 0.036, -Math.PI + 0.5, -0.5, 0.0032), look.glassesColour);
  }

  return canvas.rgb();
}

/**
 * A square portrait PNG of one made-up person (see `paintPortrait`): the same seed always draws
 * the same face, different seeds draw different people.
 */
export function renderAvatarPng(seed: number, size = 256, person: AvatarPerson = {}): Buffer {
  return encodePng(size, size, paintPortrait(seed, size, person));
}

/**
 * The portrait as the site serves it: WebP (a fifth of the PNG's bytes; every browser the site
 * supports shows it), for the demo photos of the pages' cards and profiles.
 */
export async function renderAvatarWebp(seed: number, size = 256, person: AvatarPerson = {}): Promise<Buffer> {
  return sharp(renderAvatarPng(seed, size, person))
    .webp({ quality: 85 })
    .toBuffer();
}
