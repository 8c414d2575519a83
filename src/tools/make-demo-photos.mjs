// @ts-check
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
  // ——— More views, so demo ads can show a small gallery in keeping with their category ———
  // A kitchen: cabinets, hob, window and fridge.
  bucatarie: `<rect width="${W}" height="${H}" fill="#f6efe2"/>
    <rect x="0" y="760" width="1200" height="140" fill="#b98f64"/>
    ${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 120}" y="760" width="118" height="140" fill="${i % 2 ? '#c49a6c' : '#b58a5d'}"/>`).join('')}
    <rect x="520" y="130" width="260" height="200" fill="#bcdcf2" stroke="#fff" stroke-width="14"/><path d="M650 130 V 330" stroke="#fff" stroke-width="10"/>
    <rect x="80" y="130" width="400" height="190" rx="6" fill="#e9e3d7" stroke="#cfc5b2" stroke-width="4"/>
    <path d="M280 130 V 320" stroke="#cfc5b2" stroke-width="4"/><rect x="255" y="210" width="8" height="40" fill="#888"/><rect x="297" y="210" width="8" height="40" fill="#888"/>
    <rect x="80" y="540" width="820" height="220" fill="#e9e3d7" stroke="#cfc5b2" stroke-width="4"/>
    <rect x="70" y="520" width="840" height="26" fill="#7d8b99"/>
    ${[80, 285, 490, 695].map((x) => `<rect x="${x + 10}" y="560" width="185" height="190" rx="4" fill="none" stroke="#cfc5b2" stroke-width="4"/><rect x="${x + 90}" y="580" width="30" height="8" fill="#888"/>`).join('')}
    <rect x="560" y="500" width="200" height="24" rx="4" fill="#2b2f36"/>
    <circle cx="610" cy="512" r="8" fill="#e85d04"/><circle cx="710" cy="512" r="8" fill="#555"/>
    <rect x="950" y="260" width="200" height="500" rx="16" fill="#eef1f4" stroke="#c8ced6" stroke-width="4"/>
    <path d="M950 440 H 1150" stroke="#c8ced6" stroke-width="4"/><rect x="970" y="330" width="10" height="70" fill="#9aa3ad"/><rect x="970" y="470" width="10" height="90" fill="#9aa3ad"/>
    <rect x="160" y="470" width="90" height="50" rx="8" fill="#c0392b"/><rect x="380" y="440" width="30" height="80" rx="6" fill="#2e8b3a"/>`,
  // A bedroom: bed, pillows, a bedside lamp, window with curtains.
  dormitor: `<rect width="${W}" height="${H}" fill="#e8eef5"/>
    <rect x="0" y="720" width="1200" height="180" fill="#a7805c"/>
    <rect x="760" y="130" width="280" height="240" fill="#bcdcf2" stroke="#fff" stroke-width="14"/>
    <path d="M730 110 Q 760 250 740 400 H 800 Q 780 250 790 110 Z" fill="#d98c7a"/><path d="M1070 110 Q 1040 250 1060 400 H 1000 Q 1020 250 1010 110 Z" fill="#d98c7a"/>
    <rect x="700" y="100" width="400" height="14" rx="6" fill="#8a6a43"/>
    <rect x="170" y="330" width="520" height="300" rx="20" fill="#7a5230"/>
    <rect x="140" y="520" width="600" height="170" rx="16" fill="#f5f1ea"/>
    <rect x="140" y="570" width="600" height="140" rx="16" fill="#3d7a8c"/>
    <rect x="200" y="470" width="200" height="80" rx="30" fill="#ffffff"/><rect x="440" y="470" width="200" height="80" rx="30" fill="#ffffff"/>
    <rect x="150" y="700" width="24" height="40" fill="#5a3b22"/><rect x="706" y="700" width="24" height="40" fill="#5a3b22"/>
    <rect x="60" y="560" width="70" height="160" fill="#8a6a43"/><rect x="85" y="470" width="14" height="90" fill="#444"/><path d="M50 470 H 135 L 115 410 H 70 Z" fill="#f2c14e"/>
    <ellipse cx="470" cy="820" rx="330" ry="50" fill="#c9a27a"/>`,
  // A bathroom: tiles, bathtub, sink and mirror.
  baie: `<rect width="${W}" height="${H}" fill="#dfeef3"/>
    ${Array.from({ length: 12 }, (_, r) => Array.from({ length: 16 }, (_, c) => `<rect x="${c * 76}" y="${r * 62}" width="74" height="60" fill="${(r + c) % 7 === 0 ? '#c9e3ec' : '#e9f4f8'}"/>`).join('')).join('')}
    <rect x="0" y="760" width="1200" height="140" fill="#8fa6b2"/>
    <rect x="60" y="540" width="560" height="200" rx="40" fill="#ffffff" stroke="#c8d6de" stroke-width="6"/>
    <rect x="90" y="560" width="500" height="40" rx="20" fill="#9ed0e6"/>
    <path d="M520 540 V 420 Q 520 390 550 390 H 580" stroke="#9aa3ad" stroke-width="12" fill="none"/>
    <rect x="100" y="740" width="30" height="30" fill="#c8d6de"/><rect x="550" y="740" width="30" height="30" fill="#c8d6de"/>
    <rect x="820" y="150" width="240" height="260" rx="20" fill="#bfe3f2" stroke="#9aa3ad" stroke-width="10"/>
    <path d="M860 200 L 930 270 M 880 180 L 990 290" stroke="#ffffff" stroke-width="10" opacity="0.7"/>
    <path d="M790 470 H 1090 Q 1080 560 940 570 Q 800 560 790 470 Z" fill="#ffffff" stroke="#c8d6de" stroke-width="6"/>
    <rect x="925" y="570" width="30" height="190" fill="#ffffff" stroke="#c8d6de" stroke-width="4"/>
    <rect x="930" y="430" width="20" height="40" fill="#9aa3ad"/>`,
  // A house seen from its yard: fence, vegetable beds and a path.
  'casa-curte': `${sky('#8cc4f2', '#f2faff')}${sun(1050, 140, 60)}
    <rect x="0" y="560" width="1200" height="340" fill="#8cc474"/>
    <rect x="120" y="300" width="560" height="300" fill="#f3e3c8"/>
    <path d="M90 310 L 400 140 L 710 310 Z" fill="#8e3b2a"/>
    <rect x="520" y="180" width="50" height="90" fill="#6d4424"/>
    ${windows(170, 380, 3, 1, 90, 90, 70, 0)}
    <rect x="380" y="470" width="70" height="130" fill="#6d4424"/>
    <path d="M415 600 L 360 900 H 520 L 450 600 Z" fill="#d9c29a"/>
    ${Array.from({ length: 3 }, (_, i) => `<rect x="${640 + i * 170}" y="${690 + i * 10}" width="140" height="60" rx="10" fill="#7a5230"/>${Array.from({ length: 5 }, (_, j) => `<circle cx="${660 + i * 170 + j * 25}" cy="${685 + i * 10}" r="12" fill="#2f7d3b"/>`).join('')}`).join('')}
    ${Array.from({ length: 20 }, (_, i) => `<rect x="${i * 62}" y="520" width="14" height="90" rx="4" fill="#ffffff"/>`).join('')}
    <rect x="0" y="540" width="1200" height="10" fill="#ffffff"/><rect x="0" y="580" width="1200" height="10" fill="#ffffff"/>
    ${tree(900, 400, 1.3)}`,
  // Land with an orchard.
  'teren-livada': `${sky('#9cc9f2', '#f6fbff')}${sun(180, 150, 70)}
    <path d="M0 480 Q 600 430 1200 480 V 900 H 0 Z" fill="#a9c45a"/>
    <path d="M0 650 Q 600 600 1200 660 V 900 H 0 Z" fill="#93b54c"/>
    ${[
      [150, 520, 0.7],
      [400, 500, 0.75],
      [650, 510, 0.7],
      [900, 495, 0.75],
      [280, 680, 1],
      [600, 690, 1.05],
      [920, 680, 1],
    ]
      .map(
        ([x, y, k]) =>
          `${tree(x, y, k)}${[-25, 10, 30].map((d, i) => `<circle cx="${x + d * k}" cy="${y - (20 - i * 15) * k}" r="${8 * k}" fill="#d63b2f"/>`).join('')}`,
      )
      .join('')}`,
  // An office inside: desk, monitor, chair and shelves.
  birou: `<rect width="${W}" height="${H}" fill="#eef1f4"/>
    <rect x="0" y="740" width="1200" height="160" fill="#9aa3ad"/>
    <rect x="80" y="120" width="360" height="260" fill="#bcdcf2" stroke="#fff" stroke-width="14"/><path d="M260 120 V 380" stroke="#fff" stroke-width="10"/>
    <rect x="820" y="160" width="300" height="12" fill="#8a6a43"/><rect x="820" y="290" width="300" height="12" fill="#8a6a43"/>
    ${['#0b5cad', '#e85d04', '#2e8b3a', '#8e44ad', '#c0392b'].map((c, i) => `<rect x="${840 + i * 34}" y="${180 + (i % 2) * 10}" width="28" height="${110 - (i % 2) * 10}" fill="${c}"/>`).join('')}
    <rect x="1000" y="230" width="90" height="60" fill="#f2c14e"/>
    <rect x="300" y="520" width="620" height="30" fill="#b98a5a"/>
    <rect x="320" y="550" width="20" height="190" fill="#8a6a43"/><rect x="880" y="550" width="20" height="190" fill="#8a6a43"/>
    <rect x="520" y="330" width="240" height="160" rx="10" fill="#2b2f36"/><rect x="535" y="345" width="210" height="130" fill="#5aa9e6"/>
    <rect x="625" y="490" width="30" height="30" fill="#2b2f36"/>
    <rect x="560" y="505" width="160" height="14" rx="4" fill="#c9ced6"/>
    <rect x="380" y="580" width="140" height="130" rx="20" fill="#333b45"/><rect x="395" y="430" width="110" height="160" rx="20" fill="#3d4652"/>
    <rect x="440" y="710" width="20" height="50" fill="#222"/>`,
  // The same kind of car from behind.
  'autoturism-spate': `${sky('#86bdf0', '#eef6ff')}${hills('#93c784', '#74ad66')}
    <rect x="0" y="700" width="1200" height="200" fill="#5b6169"/>
    <path d="M330 700 V 520 Q 330 470 380 460 L 450 330 Q 470 300 520 300 H 680 Q 730 300 750 330 L 820 460 Q 870 470 870 520 V 700 Z" fill="#c0392b"/>
    <path d="M470 450 L 530 340 H 670 L 730 450 Z" fill="#d6ecfa"/>
    <rect x="350" y="510" width="110" height="50" rx="10" fill="#ff6b5b"/><rect x="740" y="510" width="110" height="50" rx="10" fill="#ff6b5b"/>
    <rect x="530" y="600" width="140" height="40" rx="4" fill="#ffffff" stroke="#333" stroke-width="4"/>
    <rect x="330" y="660" width="540" height="40" fill="#9e2d22"/>
    <rect x="350" y="690" width="90" height="70" rx="12" fill="#222"/><rect x="760" y="690" width="90" height="70" rx="12" fill="#222"/>`,
  // A car's dashboard and the road ahead.
  'autoturism-bord': `${sky('#8cc4f2', '#f3f9ff')}
    <path d="M0 430 Q 600 400 1200 430 V 900 H 0 Z" fill="#93c784"/>
    <path d="M560 420 L 640 420 L 900 900 H 300 Z" fill="#6b7179"/>
    <rect x="0" y="0" width="1200" height="90" fill="#2b2f36"/><path d="M0 0 H 160 L 60 560 H 0 Z" fill="#2b2f36"/><path d="M1200 0 H 1040 L 1140 560 H 1200 Z" fill="#2b2f36"/>
    <path d="M0 560 Q 600 470 1200 560 V 900 H 0 Z" fill="#3a3f47"/>
    <circle cx="420" cy="760" r="190" fill="none" stroke="#1f2328" stroke-width="46"/>
    <rect x="400" y="590" width="40" height="150" fill="#1f2328"/><circle cx="420" cy="760" r="50" fill="#1f2328"/>
    <circle cx="360" cy="600" r="50" fill="#11151a"/><circle cx="480" cy="600" r="50" fill="#11151a"/>
    <path d="M360 600 L 385 570" stroke="#ff6b5b" stroke-width="6"/><path d="M480 600 L 450 575" stroke="#ff6b5b" stroke-width="6"/>
    <rect x="700" y="590" width="220" height="130" rx="12" fill="#11151a"/><rect x="712" y="602" width="196" height="106" rx="6" fill="#2f6fb0"/>`,
  // A motorcycle on a road.
  motocicleta: `${sky('#7db4ea', '#eaf4ff')}${hills('#93c784', '#74ad66')}
    <rect x="0" y="720" width="1200" height="180" fill="#5b6169"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${40 + i * 210}" y="800" width="110" height="14" fill="#f1f1f1"/>`).join('')}
    <circle cx="380" cy="660" r="95" fill="#222"/><circle cx="380" cy="660" r="50" fill="#bbb"/>
    <circle cx="820" cy="660" r="95" fill="#222"/><circle cx="820" cy="660" r="50" fill="#bbb"/>
    <path d="M380 660 L 500 520 L 700 520 L 820 660" stroke="#555" stroke-width="18" fill="none"/>
    <path d="M470 500 Q 560 430 660 470 L 700 520 H 480 Z" fill="#0b5cad"/>
    <path d="M640 470 H 760 Q 790 470 790 500 V 520 H 660 Z" fill="#1b2430"/>
    <path d="M820 660 L 760 430 L 720 420" stroke="#333" stroke-width="14" fill="none" stroke-linecap="round"/>
    <rect x="520" y="540" width="110" height="80" rx="10" fill="#777"/>`,
  // Tyres and an alloy wheel.
  anvelope: `<rect width="${W}" height="${H}" fill="#e6e9ed"/>
    <rect x="0" y="700" width="1200" height="200" fill="#9aa3ad"/>
    ${[0, 1, 2].map((i) => `<ellipse cx="360" cy="${660 - i * 110}" rx="230" ry="70" fill="#222"/><ellipse cx="360" cy="${650 - i * 110}" rx="220" ry="62" fill="#2b2f36"/><ellipse cx="360" cy="${650 - i * 110}" rx="110" ry="30" fill="#111"/>`).join('')}
    <circle cx="850" cy="480" r="240" fill="#222"/><circle cx="850" cy="480" r="150" fill="#c9ced6"/>
    ${Array.from({ length: 5 }, (_, i) => `<rect x="835" y="340" width="30" height="140" rx="10" fill="#9aa3ad" transform="rotate(${i * 72} 850 480)"/>`).join('')}
    <circle cx="850" cy="480" r="36" fill="#7d8790"/>`,
  // A chainsaw on a log, for garden tools.
  'unelte-gradina': `${sky('#a9d0f5', '#f7fbff')}${hills('#9ccf8a', '#86bd74')}
    <rect x="180" y="600" width="840" height="150" rx="70" fill="#8a5a2b"/><ellipse cx="1020" cy="675" rx="60" ry="75" fill="#d9b07c" stroke="#6e4a26" stroke-width="8"/>
    <rect x="560" y="470" width="460" height="50" rx="25" fill="#c9ced6" stroke="#555" stroke-width="8"/>
    <rect x="300" y="420" width="300" height="150" rx="30" fill="#e85d04"/>
    <rect x="330" y="440" width="120" height="60" rx="10" fill="#2b2f36"/>
    <path d="M300 450 Q 240 440 250 380 Q 260 340 320 350 L 420 360" stroke="#2b2f36" stroke-width="24" fill="none" stroke-linecap="round"/>
    ${tree(1060, 420, 0.9)}`,
  // Vegetables: potato sacks and seedlings.
  legume: `<rect width="${W}" height="${H}" fill="#f3efe6"/>
    <rect x="0" y="680" width="1200" height="220" fill="#b09a78"/>
    ${[160, 400].map((x) => `<path d="M${x} 700 Q ${x - 20} 480 ${x + 30} 400 H ${x + 170} Q ${x + 220} 480 ${x + 200} 700 Z" fill="#c9a36b"/><path d="M${x + 30} 400 Q ${x + 100} 370 ${x + 170} 400" stroke="#8a6a43" stroke-width="10" fill="none"/>`).join('')}
    ${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${240 + (i % 3) * 60 + (i > 5 ? 240 : 0)}" cy="${720 + Math.floor((i % 6) / 3) * 40}" rx="34" ry="24" fill="#b8874a"/>`).join('')}
    <rect x="700" y="560" width="420" height="140" fill="#8a6a43"/>
    ${Array.from({ length: 6 }, (_, i) => `<path d="M${740 + i * 64} 560 V 460" stroke="#2f7d3b" stroke-width="8"/><ellipse cx="${726 + i * 64}" cy="480" rx="22" ry="12" fill="#3a8f46"/><ellipse cx="${756 + i * 64}" cy="500" rx="22" ry="12" fill="#3a8f46"/>`).join('')}`,
  // A cat on a rug.
  pisica: `<rect width="${W}" height="${H}" fill="#efe6da"/>
    <rect x="0" y="660" width="1200" height="240" fill="#c9a27a"/>
    <ellipse cx="600" cy="760" rx="380" ry="80" fill="#3d7a8c"/>
    <ellipse cx="600" cy="620" rx="170" ry="140" fill="#8f8f8f"/>
    <circle cx="600" cy="420" r="110" fill="#8f8f8f"/>
    <path d="M510 350 L 520 240 L 590 320 Z" fill="#8f8f8f"/><path d="M690 350 L 680 240 L 610 320 Z" fill="#8f8f8f"/>
    <path d="M527 330 L 532 275 L 570 318 Z" fill="#e8a7a0"/><path d="M673 330 L 668 275 L 630 318 Z" fill="#e8a7a0"/>
    <ellipse cx="560" cy="420" rx="16" ry="22" fill="#2e8b3a"/><ellipse cx="640" cy="420" rx="16" ry="22" fill="#2e8b3a"/>
    <path d="M590 465 L 610 465 L 600 478 Z" fill="#e8a7a0"/>
    <path d="M540 480 H 470 M 540 490 L 475 505 M 660 480 H 730 M 660 490 L 725 505" stroke="#555" stroke-width="4"/>
    <path d="M760 680 Q 880 660 860 560" stroke="#8f8f8f" stroke-width="36" fill="none" stroke-linecap="round"/>
    ${[0, 1, 2].map((i) => `<path d="M${480 + i * 20} ${560 + i * 40} Q 600 ${540 + i * 40} ${720 - i * 20} ${560 + i * 40}" stroke="#6e6e6e" stroke-width="12" fill="none"/>`).join('')}`,
  // A cow in a meadow.
  vaca: `${sky('#a6d3f5', '#f4fbff')}${sun(1040, 140, 60)}${hills('#a6d68f', '#8cc474')}
    <rect x="330" y="430" width="480" height="240" rx="90" fill="#ffffff"/>
    <ellipse cx="470" cy="500" rx="80" ry="60" fill="#2b2f36"/><ellipse cx="680" cy="590" rx="70" ry="50" fill="#2b2f36"/>
    ${[370, 450, 680, 760].map((x) => `<rect x="${x}" y="630" width="40" height="150" rx="14" fill="#ffffff" stroke="#ddd" stroke-width="4"/><rect x="${x}" y="760" width="40" height="24" fill="#2b2f36"/>`).join('')}
    <rect x="790" y="380" width="170" height="150" rx="60" fill="#ffffff"/><ellipse cx="900" cy="500" rx="70" ry="45" fill="#f2b8b0"/>
    <circle cx="850" cy="430" r="12" fill="#222"/><circle cx="930" cy="430" r="12" fill="#222"/>
    <path d="M800 390 Q 770 340 790 320 M 950 390 Q 980 340 960 320" stroke="#e8e0cc" stroke-width="16" fill="none" stroke-linecap="round"/>
    <path d="M330 500 Q 290 560 300 640" stroke="#ffffff" stroke-width="14" fill="none"/>
    <ellipse cx="640" cy="680" rx="40" ry="20" fill="#f2b8b0"/>`,
  // A farmyard: barn, fence and hens.
  ferma: `${sky('#8cc4f2', '#f6fbff')}${sun(180, 150)}${hills('#a6d68f', '#8cc474')}
    <rect x="560" y="330" width="440" height="330" fill="#b5452f"/>
    <path d="M530 340 L 780 190 L 1030 340 Z" fill="#7a2e20"/>
    <rect x="700" y="470" width="160" height="190" fill="#f3e3c8"/><path d="M700 470 L 860 660 M 860 470 L 700 660" stroke="#b5452f" stroke-width="12"/>
    ${Array.from({ length: 9 }, (_, i) => `<rect x="${20 + i * 60}" y="600" width="14" height="110" fill="#8a6a43"/>`).join('')}
    <rect x="0" y="630" width="560" height="10" fill="#8a6a43"/><rect x="0" y="670" width="560" height="10" fill="#8a6a43"/>
    ${[
      [180, 790],
      [330, 770],
      [480, 810],
      [880, 780],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="50" ry="38" fill="#c68642"/><circle cx="${x + 45}" cy="${y - 40}" r="22" fill="#c68642"/><path d="M${x + 64} ${y - 42} l 18 6 l -18 6 Z" fill="#f2c14e"/><path d="M${x + 38} ${y - 64} q 8 -14 16 0" fill="#d63b2f"/><path d="M${x - 10} ${y + 36} v 24 M ${x + 12} ${y + 36} v 24" stroke="#e0a030" stroke-width="6"/>`,
      )
      .join('')}`,
  // A television on a low cabinet.
  televizor: `<rect width="${W}" height="${H}" fill="#e9eef4"/>
    <rect x="0" y="720" width="1200" height="180" fill="#b98a5a"/>
    <rect x="220" y="140" width="760" height="440" rx="16" fill="#1d1f24"/>
    <rect x="240" y="160" width="720" height="400" rx="4" fill="#3f8fd0"/>
    <path d="M240 480 Q 420 380 600 430 T 960 380 V 560 H 240 Z" fill="#2e6fa8"/><circle cx="800" cy="260" r="50" fill="#ffd66b"/>
    <rect x="580" y="580" width="40" height="40" fill="#2b2f36"/><rect x="480" y="615" width="240" height="14" rx="6" fill="#2b2f36"/>
    <rect x="180" y="630" width="840" height="110" rx="8" fill="#7a5230"/>
    <path d="M460 640 V 730 M 740 640 V 730" stroke="#5a3b22" stroke-width="6"/>`,
};

await mkdir(outDir, { recursive: true });
for (const [name, body] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  await writeFile(join(outDir, `${name}.jpg`), jpeg);
  console.log(`${name}.jpg ${(jpeg.length / 1024).toFixed(0)} KB`);
}
