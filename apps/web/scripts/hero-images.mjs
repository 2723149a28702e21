// Draws the hero's three slide pictures (spec section 2) and writes them as AVIF, WebP and JPEG at
// three widths into public/images/hero/. Run after changing a drawing: `node apps/web/scripts/hero-images.mjs`
// (sharp comes with the server workspace). The pictures carry no text, so they serve both languages;
// their alt texts are in the locales (home.hero.slides[].imageAlt).
// The server sends /images/ with a month of caching (web.routes.ts `PICTURE_CACHE`) and the names
// carry no hash: a changed picture gets a new file name (e.g. slide-1-v2-640.avif, and the same in
// hero-art.tsx), or browsers keep showing the old one for up to a month.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/images/hero');
export const WIDTHS = [400, 640, 960];
const W = 800;
const H = 600;

const SKIN = ['#f1c7a3', '#c68a5d', '#e0ac7e'];
const frame = (
  body,
  [from, to],
) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="10" stdDeviation="14" flood-color="#0f172a" flood-opacity="0.18"/></filter>
  </defs>
  <rect width="${W}" height="${H}" rx="48" fill="url(#bg)"/>
  <circle cx="700" cy="90" r="120" fill="#ffffff" opacity="0.35"/>
  <circle cx="90" cy="540" r="90" fill="#ffffff" opacity="0.3"/>
  ${body}
</svg>`;

const person = (x, y, skin, shirt, hair, scale = 1) => `<g transform="translate(${x} ${y}) scale(${scale})">
  <path d="M-70 170 C-70 95 -40 70 0 70 C40 70 70 95 70 170 Z" fill="${shirt}"/>
  <rect x="-14" y="42" width="28" height="34" rx="10" fill="${skin}"/>
  <circle cx="0" cy="10" r="44" fill="${skin}"/>
  <path d="M-46 6 C-46 -40 46 -40 46 4 C34 -12 -10 -16 -46 6 Z" fill="${hair}"/>
</g>`;

const star = (x, y, r, fill) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    return `${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
};

/** 1: a teacher at the board, books and subjects around, a rating card. */
const teacher = frame(
  `<g filter="url(#shadow)">
    <rect x="250" y="110" width="420" height="270" rx="22" fill="#ffffff"/>
    <rect x="250" y="110" width="420" height="270" rx="22" fill="none" stroke="#c7d2fe" stroke-width="6"/>
  </g>
  <g stroke="#1e3a8a" stroke-width="9" stroke-linecap="round" fill="none">
    <path d="M300 180 h60 M330 150 v60"/>
    <path d="M400 160 l40 40 M440 160 l-40 40"/>
    <path d="M300 300 q40 -70 80 0 t80 0"/>
  </g>
  <g fill="none" stroke="#dc2626" stroke-width="7"><ellipse cx="580" cy="200" rx="52" ry="20"/><ellipse cx="580" cy="200" rx="52" ry="20" transform="rotate(60 580 200)"/><ellipse cx="580" cy="200" rx="52" ry="20" transform="rotate(-60 580 200)"/></g>
  <circle cx="580" cy="200" r="9" fill="#dc2626"/>
  <rect x="500" y="290" width="130" height="16" rx="8" fill="#e2e8f0"/><rect x="500" y="320" width="90" height="16" rx="8" fill="#e2e8f0"/>
  ${person(170, 330, SKIN[0], '#1e3a8a', '#3f2a1d', 1.25)}
  <rect x="60" y="520" width="240" height="40" rx="10" fill="#dc2626"/><rect x="80" y="480" width="200" height="40" rx="10" fill="#0d9488"/><rect x="70" y="440" width="220" height="40" rx="10" fill="#f59e0b"/>
  <rect x="92" y="452" width="120" height="8" rx="4" fill="#ffffff" opacity="0.7"/><rect x="102" y="492" width="100" height="8" rx="4" fill="#ffffff" opacity="0.7"/>
  <g filter="url(#shadow)"><rect x="430" y="420" width="290" height="110" rx="22" fill="#ffffff"/></g>
  <circle cx="485" cy="475" r="30" fill="#c7d2fe"/>${person(485, 468, SKIN[1], '#0d9488', '#111827', 0.33)}
  ${[0, 1, 2, 3, 4].map((i) => star(545 + i * 36, 462, 15, i < 4 ? '#f59e0b' : '#fcd34d')).join('')}
  <rect x="530" y="490" width="150" height="12" rx="6" fill="#e2e8f0"/>`,
  ['#e0e7ff', '#f8fafc'],
);

/** 2: a calendar with a chosen slot, a phone paying, a check. */
const booking = frame(
  `<g filter="url(#shadow)"><rect x="90" y="100" width="400" height="400" rx="28" fill="#ffffff"/></g>
  <rect x="90" y="100" width="400" height="80" rx="28" fill="#0f766e"/><rect x="90" y="150" width="400" height="30" fill="#0f766e"/>
  <circle cx="170" cy="100" r="12" fill="#134e4a"/><circle cx="410" cy="100" r="12" fill="#134e4a"/>
  ${Array.from({ length: 20 }, (_, i) => {
    const x = 120 + (i % 5) * 72;
    const y = 210 + Math.floor(i / 5) * 70;
    const chosen = i === 12;
    const open = [2, 6, 8, 12, 13, 17].includes(i);
    return `<rect x="${x}" y="${y}" width="56" height="52" rx="12" fill="${chosen ? '#0d9488' : open ? '#ccfbf1' : '#f1f5f9'}"/>`;
  }).join('')}
  <path d="M278 362 l12 12 l22 -24" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <g filter="url(#shadow)"><rect x="540" y="170" width="190" height="350" rx="34" fill="#0f172a"/></g>
  <rect x="556" y="198" width="158" height="294" rx="20" fill="#f8fafc"/>
  <rect x="580" y="230" width="110" height="70" rx="14" fill="#1e3a8a"/><rect x="594" y="250" width="40" height="10" rx="5" fill="#ffffff" opacity="0.8"/><rect x="594" y="272" width="70" height="10" rx="5" fill="#ffffff" opacity="0.5"/>
  <rect x="580" y="320" width="110" height="14" rx="7" fill="#cbd5e1"/><rect x="580" y="346" width="80" height="14" rx="7" fill="#cbd5e1"/>
  <rect x="580" y="410" width="110" height="46" rx="14" fill="#dc2626"/><rect x="605" y="428" width="60" height="10" rx="5" fill="#ffffff"/>
  <circle cx="700" cy="150" r="44" fill="#22c55e"/><path d="M680 150 l14 14 l26 -28" stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  ['#ccfbf1', '#f8fafc'],
);

/** 3: a video lesson on a laptop, chat bubbles, a notification bell. */
const together = frame(
  `<g filter="url(#shadow)"><rect x="130" y="120" width="470" height="300" rx="22" fill="#0f172a"/></g>
  <rect x="150" y="140" width="430" height="260" rx="12" fill="#1e293b"/>
  <rect x="160" y="150" width="205" height="240" rx="10" fill="#fee2e2"/><rect x="375" y="150" width="195" height="240" rx="10" fill="#e0e7ff"/>
  ${person(262, 270, SKIN[2], '#b91c1c', '#111827', 0.95)}
  ${person(472, 270, SKIN[0], '#1e3a8a', '#7c4a1e', 0.95)}
  <rect x="160" y="150" width="205" height="240" rx="10" fill="none"/>
  <path d="M90 420 h550 l-40 40 h-470 Z" fill="#94a3b8"/><rect x="300" y="420" width="130" height="10" rx="5" fill="#64748b"/>
  <g filter="url(#shadow)">
    <path d="M560 110 h170 a20 20 0 0 1 20 20 v60 a20 20 0 0 1 -20 20 h-130 l-30 26 v-26 h-10 a20 20 0 0 1 -20 -20 v-60 a20 20 0 0 1 20 -20 Z" fill="#ffffff"/>
    <path d="M560 240 h170 a20 20 0 0 1 20 20 v50 a20 20 0 0 1 -20 20 h-10 v26 l-30 -26 h-130 a20 20 0 0 1 -20 -20 v-50 a20 20 0 0 1 20 -20 Z" fill="#dc2626"/>
  </g>
  <rect x="580" y="140" width="130" height="12" rx="6" fill="#cbd5e1"/><rect x="580" y="166" width="90" height="12" rx="6" fill="#cbd5e1"/>
  <rect x="580" y="268" width="120" height="12" rx="6" fill="#ffffff" opacity="0.85"/><rect x="580" y="292" width="80" height="12" rx="6" fill="#ffffff" opacity="0.6"/>
  <g transform="translate(690 470)"><circle r="52" fill="#f59e0b"/><path d="M-22 14 v-16 a22 22 0 0 1 44 0 v16 l8 8 h-60 Z" fill="#ffffff"/><circle cy="30" r="7" fill="#ffffff"/><circle cx="30" cy="-30" r="12" fill="#dc2626"/></g>`,
  ['#fee2e2', '#f8fafc'],
);

mkdirSync(outDir, { recursive: true });
for (const [index, svg] of [teacher, booking, together].entries()) {
  for (const width of WIDTHS) {
    const base = path.join(outDir, `slide-${index + 1}-${width}`);
    const image = sharp(Buffer.from(svg), { density: (72 * width) / W }).resize(width, (width * H) / W);
    await image.clone().avif({ quality: 55, effort: 6 }).toFile(`${base}.avif`);
    await image.clone().webp({ quality: 78, effort: 6 }).toFile(`${base}.webp`);
    await image.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toFile(`${base}.jpg`);
  }
}
console.log(`wrote ${3 * WIDTHS.length * 3} files to ${outDir}`);
