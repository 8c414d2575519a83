// One-off: draws the demo photos in content/demo-photos/ (simple, text-free scenes per category)
// so `npm start` has real JPEGs to ingest through the same path uploads use. Run with
// `node src/tools/make-demo-photos.mjs`; the outputs are committed, so this rarely runs again.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'content', 'demo-photos');
const W = 1200;
const H = 900;

const sky = (top, bottom) => `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>`;

const hills = (c1, c2) => `
  <path d="M0 620 Q 300 520 600 600 T 1200 570 V 900 H 0 Z" fill="${c1}"/>
  <path d="M0 700 Q 400 640 800 700 T 1200 690 V 900 H 0 Z" fill="${c2}"/>`;

const sun = (x, y, r = 70, c = '#ffd66b') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" opacity="0.9"/>`;

function windows(x0, y0, cols, rows, w, h, gx, gy, fill = '#cfe6ff') {
  let s = '';
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      s += `<rect x="${x0 + c * (w + gx)}" y="${y0 + r * (h + gy)}" width="${w}" height="${h}" rx="4" fill="${fill}"/>`;
  return s;
}

const tree = (x, y, s = 1) => `
  <rect x="${x - 8 * s}" y="${y}" width="${16 * s}" height="${70 * s}" fill="#6b4a2b"/>
  <circle cx="${x}" cy="${y - 10 * s}" r="${55 * s}" fill="#2f7d3b"/>
  <circle cx="${x - 35 * s}" cy="${y + 15 * s}" r="${35 * s}" fill="#3a8f46"/>
  <circle cx="${x + 35 * s}" cy="${y + 15 * s}" r="${35 * s}" fill="#3a8f46"/>`;

const scenes = {
  // Imobiliare: a block of flats.
  'apartament-bloc': `${sky('#7fb8f0', '#e3f1ff')}${sun(1020, 150)}${hills('#8cc084', '#6aa85f')}
    <rect x="330" y="180" width="540" height="560" fill="#f2e6d0"/>
    <rect x="330" y="180" width="540" height="30" fill="#c9b79a"/>
    ${windows(370, 240, 6, 6, 58, 52, 26, 28)}
    <rect x="560" y="650" width="80" height="90" fill="#7a5230"/>
    ${tree(200, 640, 1.2)}${tree(1010, 660)}`,
  // A village house with a garden.
  'casa-gradina': `${sky('#89c2f5', '#f4fbff')}${sun(200, 160, 80)}${hills('#9fd18f', '#79b86a')}
    <rect x="380" y="420" width="440" height="300" fill="#fbf3e4"/>
    <path d="M350 430 L600 250 L850 430 Z" fill="#b5452f"/>
    <rect x="560" y="560" width="80" height="160" fill="#6d4424"/>
    ${windows(420, 480, 1, 1, 100, 80, 0, 0)}${windows(680, 480, 1, 1, 100, 80, 0, 0)}
    <rect x="0" y="720" width="1200" height="14" fill="#d9c29a"/>
    ${tree(1030, 620, 1.3)}${tree(150, 650, 0.9)}`,
  // Land: fields and a fence.
  'teren-camp': `${sky('#9cc9f2', '#fff4dc')}${sun(900, 200, 90, '#ffe08a')}
    <path d="M0 520 Q 600 470 1200 520 V 900 H 0 Z" fill="#c8d96f"/>
    <path d="M0 620 Q 600 570 1200 630 V 900 H 0 Z" fill="#a9c45a"/>
    <path d="M0 740 Q 600 690 1200 760 V 900 H 0 Z" fill="#8fb04a"/>
    ${Array.from({ length: 13 }, (_, i) => `<rect x="${40 + i * 90}" y="660" width="12" height="90" fill="#8a6a43"/>`).join('')}
    <rect x="30" y="685" width="1140" height="8" fill="#8a6a43"/><rect x="30" y="715" width="1140" height="8" fill="#8a6a43"/>
    ${tree(1080, 470, 0.8)}`,
  // A small shop front.
  'spatiu-comercial': `${sky('#a6c8e8', '#eef5fc')}
    <rect x="0" y="700" width="1200" height="200" fill="#9aa3ad"/>
    <rect x="170" y="200" width="860" height="500" fill="#e8e2d6"/>
    <rect x="170" y="250" width="860" height="60" fill="#0b5cad"/>
    ${Array.from({ length: 8 }, (_, i) => `<path d="M${170 + i * 107.5} 310 h107.5 l-15 50 h-77.5 Z" fill="${i % 2 ? '#ffffff' : '#e85d04'}"/>`).join('')}
    <rect x="220" y="400" width="360" height="300" fill="#bcdcf2"/><rect x="640" y="400" width="160" height="300" fill="#6d4424"/>
    <rect x="840" y="400" width="140" height="180" fill="#bcdcf2"/>`,
  // A car on a road.
  autoturism: `${sky('#7db4ea', '#eaf4ff')}${hills('#93c784', '#74ad66')}
    <rect x="0" y="720" width="1200" height="180" fill="#5b6169"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${40 + i * 210}" y="800" width="110" height="14" fill="#f1f1f1"/>`).join('')}
    <path d="M270 690 Q 300 590 420 570 L 520 480 Q 560 460 640 460 L 800 460 Q 860 462 900 520 L 960 580 Q 1010 590 1020 640 L 1020 690 Z" fill="#c0392b"/>
    <path d="M545 495 L 640 485 L 650 570 L 470 575 Z" fill="#d6ecfa"/><path d="M670 485 L 790 485 L 860 570 L 680 570 Z" fill="#d6ecfa"/>
    <circle cx="410" cy="700" r="62" fill="#222"/><circle cx="410" cy="700" r="28" fill="#bbb"/>
    <circle cx="880" cy="700" r="62" fill="#222"/><circle cx="880" cy="700" r="28" fill="#bbb"/>`,
  // A tractor in a field.
  tractor: `${sky('#8fc3f0', '#fff8e5')}${sun(1000, 170)}
    <path d="M0 600 Q 600 560 1200 600 V 900 H 0 Z" fill="#c7a86b"/>
    ${Array.from({ length: 8 }, (_, i) => `<path d="M0 ${640 + i * 34} Q 600 ${600 + i * 34} 1200 ${640 + i * 34}" stroke="#a88a52" stroke-width="6" fill="none"/>`).join('')}
    <rect x="420" y="440" width="300" height="180" rx="10" fill="#2e8b3a"/>
    <rect x="560" y="330" width="160" height="130" fill="#2e8b3a"/><rect x="580" y="350" width="120" height="90" fill="#d6ecfa"/>
    <rect x="450" y="380" width="22" height="70" fill="#333"/>
    <circle cx="660" cy="640" r="110" fill="#222"/><circle cx="660" cy="640" r="48" fill="#e0b020"/>
    <circle cx="450" cy="670" r="70" fill="#222"/><circle cx="450" cy="670" r="30" fill="#e0b020"/>`,
  // Electronics: a laptop and a phone on a desk.
  electronice: `<rect width="${W}" height="${H}" fill="#e9eef4"/>
    <rect x="0" y="620" width="1200" height="280" fill="#b98a5a"/>
    <rect x="260" y="250" width="560" height="350" rx="18" fill="#2b2f36"/>
    <rect x="285" y="275" width="510" height="300" rx="6" fill="#5aa9e6"/>
    <path d="M285 520 Q 450 420 560 470 T 795 430 V 575 H 285 Z" fill="#3f8fd0"/>
    <path d="M200 600 H 880 L 920 640 H 160 Z" fill="#c9ced6"/>
    <rect x="930" y="430" width="110" height="200" rx="16" fill="#1d1f24"/><rect x="940" y="450" width="90" height="160" rx="6" fill="#7cc2a0"/>`,
  // Furniture: a sofa and a lamp.
  mobila: `<rect width="${W}" height="${H}" fill="#f3ebe0"/>
    <rect x="0" y="700" width="1200" height="200" fill="#c9a27a"/>
    <rect x="700" y="120" width="300" height="220" fill="#bcdcf2" stroke="#fff" stroke-width="14"/>
    <rect x="220" y="430" width="640" height="200" rx="30" fill="#3d7a8c"/>
    <rect x="180" y="480" width="90" height="190" rx="30" fill="#336a7a"/><rect x="810" y="480" width="90" height="190" rx="30" fill="#336a7a"/>
    <rect x="250" y="560" width="580" height="100" rx="20" fill="#4a8ea2"/>
    <rect x="250" y="670" width="20" height="40" fill="#5a3b22"/><rect x="810" y="670" width="20" height="40" fill="#5a3b22"/>
    <rect x="1000" y="420" width="10" height="280" fill="#444"/><path d="M940 420 H 1070 L 1040 340 H 970 Z" fill="#f2c14e"/>`,
  // Garden: firewood and tools.
  'lemne-foc': `${sky('#a9d0f5', '#f7fbff')}${hills('#9ccf8a', '#86bd74')}
    ${Array.from({ length: 5 }, (_, r) =>
      Array.from(
        { length: 9 - r },
        (_, i) =>
          `<circle cx="${330 + r * 32 + i * 64}" cy="${740 - r * 58}" r="30" fill="#a0703f" stroke="#6e4a26" stroke-width="6"/><circle cx="${330 + r * 32 + i * 64}" cy="${740 - r * 58}" r="12" fill="#d9b07c"/>`,
      ).join(''),
    ).join('')}
    ${tree(150, 600, 1.1)}`,
  // Pets: a friendly dog.
  animale: `${sky('#b7dcf7', '#f4fbff')}${hills('#a6d68f', '#8cc474')}
    <ellipse cx="600" cy="600" rx="220" ry="120" fill="#c68642"/>
    <circle cx="790" cy="470" r="95" fill="#c68642"/>
    <ellipse cx="860" cy="420" rx="35" ry="70" fill="#8b5a2b" transform="rotate(25 860 420)"/>
    <ellipse cx="735" cy="410" rx="35" ry="70" fill="#8b5a2b" transform="rotate(-25 735 410)"/>
    <circle cx="765" cy="465" r="12" fill="#222"/><circle cx="825" cy="465" r="12" fill="#222"/><ellipse cx="800" cy="510" rx="20" ry="14" fill="#222"/>
    ${[430, 520, 650, 740].map((x) => `<rect x="${x}" y="660" width="44" height="120" rx="18" fill="#b0763a"/>`).join('')}
    <path d="M390 560 Q 300 500 330 430" stroke="#c68642" stroke-width="34" fill="none" stroke-linecap="round"/>`,
  // Services: a toolbox.
  servicii: `<rect width="${W}" height="${H}" fill="#e6edf3"/>
    <rect x="0" y="680" width="1200" height="220" fill="#8d99a6"/>
    <rect x="300" y="420" width="600" height="280" rx="20" fill="#e85d04"/>
    <rect x="300" y="500" width="600" height="20" fill="#b34700"/>
    <path d="M480 420 V 350 Q 480 320 510 320 H 690 Q 720 320 720 350 V 420" stroke="#444" stroke-width="28" fill="none"/>
    <rect x="560" y="490" width="80" height="50" rx="8" fill="#f5f5f5"/>
    <rect x="940" y="380" width="30" height="300" rx="10" fill="#6d4424" transform="rotate(20 955 530)"/>
    <rect x="900" y="350" width="110" height="60" rx="10" fill="#555" transform="rotate(20 955 530)"/>`,
  // Miscellaneous: books and a bicycle.
  diverse: `<rect width="${W}" height="${H}" fill="#f4f0e8"/>
    <rect x="0" y="700" width="1200" height="200" fill="#cbb89a"/>
    ${['#0b5cad', '#e85d04', '#2e8b3a', '#8e44ad', '#c0392b', '#f2c14e'].map((c, i) => `<rect x="${120 + i * 58}" y="${430 - (i % 3) * 20}" width="50" height="${270 + (i % 3) * 20}" rx="4" fill="${c}"/>`).join('')}
    <circle cx="720" cy="600" r="100" fill="none" stroke="#333" stroke-width="16"/><circle cx="1000" cy="600" r="100" fill="none" stroke="#333" stroke-width="16"/>
    <path d="M720 600 L 820 460 L 950 460 L 1000 600 M 820 460 L 860 600 L 720 600 M 860 600 L 950 460" stroke="#0b5cad" stroke-width="14" fill="none" stroke-linejoin="round"/>
    <path d="M800 440 H 850 M 950 460 L 940 420 H 980" stroke="#333" stroke-width="12" fill="none"/>`,
};

await mkdir(outDir, { recursive: true });
for (const [name, body] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  await writeFile(join(outDir, `${name}.jpg`), jpeg);
  console.log(`${name}.jpg ${(jpeg.length / 1024).toFixed(0)} KB`);
}
