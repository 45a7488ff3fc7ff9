/**
 * Stylised vehicle illustrations as SVG strings (rendered to JPEG by photos.ts with sharp).
 *
 * Every drawing is deterministic: the same (art, colour, view, scene, watermark) always gives the
 * same SVG. Side views are built from per-body-type profiles in millimetres (front at x = 0, ground
 * at y = 0, y up), front/rear views from a few per-type widths and heights.
 */

export const ART_KINDS = [
  'sedan',
  'hatch',
  'suv',
  'wagon',
  'ute',
  'van',
  'coupe',
  'convertible',
  'peopleMover',
  'motorcycle',
  'lightTruck',
  'cabChassis',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export const VIEWS = ['side', 'front', 'rear', 'interior'] as const;
export type View = (typeof VIEWS)[number];

export const SCENES = ['showroom', 'coast', 'dusk', 'cabin', 'city', 'studio'] as const;
export type Scene = (typeof SCENES)[number];

/** Paint colours by the base colour name used in stock records. */
export const PAINT: Record<string, string> = {
  White: '#eef0f2',
  Silver: '#b9bec4',
  Grey: '#5f666e',
  Black: '#1b1d21',
  Blue: '#1f4f95',
  Red: '#b01c26',
  Green: '#2e5b3c',
  Orange: '#d8641b',
  Bronze: '#8b6a47',
  Yellow: '#e2b320',
  Beige: '#c9b894',
};

export interface PhotoSpec {
  art: ArtKind;
  colour: string;
  view: View;
  scene: Scene;
  /** Dealer name printed faintly in the corner. */
  watermark: string;
  /** Tenant accent used in showroom walls and plates. */
  accent: string;
  /** Face right instead of left (side views). */
  mirror?: boolean;
  /** Text on the dealer number-plate insert. */
  plate?: string;
  /** A 360 spin frame: the car turned this many degrees on a studio turntable (0 = side view, front left). */
  turn?: number;
  /**
   * An interior panorama (2560x720, twice as wide as high): the cabin in the middle (forward, as in an
   * equirectangular 360 picture), each side continued by the mirror image of its own half, so the two
   * ends meet and the vehicle page's viewer wraps it around like a 360 interior. A point (x, y) of the
   * 1280x720 cabin is at x + 640 in the panorama.
   */
  panorama?: boolean;
}

export const WIDTH = 1280;
export const HEIGHT = 720;

// ---------------------------------------------------------------------------------------------
// Colour helpers

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => clamp(Math.round(c), 0, 255).toString(16).padStart(2, '0')).join('')}`;
}

/** Lightens (amt > 0) towards white or darkens (amt < 0) towards black. */
export function shade(hex: string, amt: number): string {
  const rgb = hexToRgb(hex);
  return rgbToHex(rgb.map((c) => (amt >= 0 ? c + (255 - c) * amt : c * (1 + amt))) as [number, number, number]);
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i]! * (1 - t) + y[i]! * t) as [number, number, number]);
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const n = (x: number): string => (Math.round(x * 10) / 10).toString();

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---------------------------------------------------------------------------------------------
// Geometry helpers

type Pt = [number, number];
type RPt = [number, number, number];

/** A closed path through points with rounded corners (radius per point, in the points' units). */
function roundedPath(points: RPt[], flipY = true, close = true): string {
  const P = points.map(([x, y, r]) => [x, flipY ? -y : y, r] as RPt);
  const len = P.length;
  let d = '';
  for (let i = 0; i < len; i++) {
    const [x, y, r] = P[i]!;
    const prev = P[(i - 1 + len) % len]!;
    const next = P[(i + 1) % len]!;
    if (r <= 0 || (!close && (i === 0 || i === len - 1))) {
      d += `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`;
      continue;
    }
    const da = Math.hypot(prev[0] - x, prev[1] - y);
    const db = Math.hypot(next[0] - x, next[1] - y);
    const ta = Math.min(r / da, 0.5);
    const tb = Math.min(r / db, 0.5);
    const p1: Pt = [x + (prev[0] - x) * ta, y + (prev[1] - y) * ta];
    const p2: Pt = [x + (next[0] - x) * tb, y + (next[1] - y) * tb];
    d += `${i === 0 ? 'M' : 'L'}${n(p1[0])} ${n(p1[1])}Q${n(x)} ${n(y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return close ? `${d}Z` : d;
}

function poly(points: Pt[], flipY = true): string {
  return `M${points.map(([x, y]) => `${n(x)} ${n(flipY ? -y : y)}`).join('L')}Z`;
}

// ---------------------------------------------------------------------------------------------
// Side-view profiles (millimetres)

interface SideProfile {
  length: number;
  /** Upper outline from the front bottom corner to the rear bottom corner, [x, y, cornerRadius]. */
  outline: RPt[];
  clearance: number;
  wheels: [number, number];
  wheelR: number;
  rimRatio: number;
  spokes: number;
  /** Side glass polygons (each drawn dark), and pillar x positions drawn over the glass. */
  windows: Pt[][];
  pillars: number[];
  doors: number[];
  handles: number[];
  belt: number;
  headlight: Pt[];
  taillight: Pt[];
  mirror: Pt;
  cladding?: number;
  roofRails?: [number, number, number];
  /** Extra detail paths in the body colour's dark shade (tray lines, sliding door rail...). */
  lines?: Pt[][];
  dualRear?: boolean;
}

const PROFILES: Record<Exclude<ArtKind, 'motorcycle' | 'lightTruck' | 'cabChassis'>, SideProfile> = {
  sedan: {
    length: 4800,
    outline: [
      [0, 250, 0],
      [-15, 600, 160],
      [260, 770, 320],
      [1500, 880, 200],
      [2250, 1415, 300],
      [3300, 1435, 380],
      [4050, 1010, 200],
      [4720, 960, 160],
      [4800, 700, 120],
      [4770, 260, 60],
    ],
    clearance: 250,
    wheels: [960, 3760],
    wheelR: 335,
    rimRatio: 0.7,
    spokes: 5,
    windows: [
      [
        [1620, 945],
        [2270, 1350],
        [3230, 1368],
        [3930, 985],
      ],
    ],
    pillars: [2700, 3550],
    doors: [1560, 2700, 3690],
    handles: [2370, 3360],
    belt: 930,
    headlight: [
      [20, 620],
      [120, 705],
      [520, 760],
      [430, 640],
    ],
    taillight: [
      [4640, 935],
      [4790, 900],
      [4795, 760],
      [4620, 830],
    ],
    mirror: [1630, 960],
  },
  hatch: {
    length: 4200,
    outline: [
      [0, 260, 0],
      [-15, 600, 150],
      [220, 770, 280],
      [1240, 890, 180],
      [1940, 1400, 300],
      [2950, 1425, 420],
      [3920, 1220, 260],
      [4150, 860, 120],
      [4200, 600, 90],
      [4180, 270, 60],
    ],
    clearance: 260,
    wheels: [880, 3520],
    wheelR: 330,
    rimRatio: 0.7,
    spokes: 10,
    windows: [
      [
        [1350, 955],
        [1965, 1340],
        [2950, 1362],
        [3760, 1185],
        [3830, 975],
      ],
    ],
    pillars: [2480, 3260],
    doors: [1310, 2480, 3380],
    handles: [2150, 3120],
    belt: 940,
    headlight: [
      [20, 620],
      [110, 700],
      [480, 770],
      [400, 650],
    ],
    taillight: [
      [3930, 1150],
      [4110, 1000],
      [4190, 800],
      [4040, 880],
    ],
    mirror: [1360, 970],
  },
  suv: {
    length: 4650,
    outline: [
      [0, 380, 0],
      [-15, 800, 140],
      [260, 975, 280],
      [1330, 1075, 180],
      [1990, 1625, 300],
      [4180, 1665, 260],
      [4580, 1450, 200],
      [4650, 1000, 100],
      [4630, 390, 60],
    ],
    clearance: 380,
    wheels: [980, 3650],
    wheelR: 372,
    rimRatio: 0.66,
    spokes: 6,
    windows: [
      [
        [1440, 1140],
        [2020, 1570],
        [4150, 1600],
        [4470, 1420],
        [4500, 1150],
      ],
    ],
    pillars: [2680, 3620],
    doors: [1390, 2680, 3780],
    handles: [2360, 3420],
    belt: 1125,
    headlight: [
      [20, 830],
      [90, 900],
      [520, 960],
      [440, 850],
    ],
    taillight: [
      [4520, 1380],
      [4640, 1330],
      [4650, 1080],
      [4560, 1120],
    ],
    mirror: [1450, 1160],
    cladding: 150,
    roofRails: [2250, 4150, 1695],
  },
  wagon: {
    length: 4870,
    outline: [
      [0, 320, 0],
      [-15, 690, 150],
      [250, 870, 280],
      [1400, 975, 180],
      [2110, 1530, 300],
      [4380, 1560, 240],
      [4800, 1360, 180],
      [4870, 900, 100],
      [4850, 330, 60],
    ],
    clearance: 320,
    wheels: [950, 3800],
    wheelR: 350,
    rimRatio: 0.68,
    spokes: 5,
    windows: [
      [
        [1510, 1040],
        [2140, 1480],
        [4350, 1500],
        [4690, 1330],
        [4720, 1045],
      ],
    ],
    pillars: [2780, 3760, 4180],
    doors: [1460, 2780, 3900],
    handles: [2460, 3560],
    belt: 1025,
    headlight: [
      [20, 710],
      [100, 790],
      [520, 860],
      [430, 730],
    ],
    taillight: [
      [4700, 1290],
      [4855, 1230],
      [4868, 980],
      [4760, 1010],
    ],
    mirror: [1520, 1060],
    cladding: 120,
    roofRails: [2300, 4350, 1585],
  },
  ute: {
    length: 5330,
    outline: [
      [0, 440, 0],
      [-15, 900, 120],
      [250, 1070, 220],
      [1450, 1160, 140],
      [2040, 1790, 240],
      [3120, 1810, 140],
      [3160, 1180, 40],
      [5300, 1180, 40],
      [5330, 1120, 40],
      [5320, 460, 50],
    ],
    clearance: 440,
    wheels: [1000, 4100],
    wheelR: 390,
    rimRatio: 0.64,
    spokes: 6,
    windows: [
      [
        [1550, 1235],
        [2070, 1745],
        [3080, 1760],
        [3090, 1235],
      ],
    ],
    pillars: [2560],
    doors: [1500, 2560, 3140],
    handles: [2260, 2930],
    belt: 1220,
    headlight: [
      [20, 920],
      [80, 1000],
      [520, 1060],
      [450, 940],
    ],
    taillight: [
      [5215, 1130],
      [5320, 1120],
      [5322, 820],
      [5215, 830],
    ],
    mirror: [1560, 1250],
    cladding: 130,
    lines: [
      [
        [3200, 1120],
        [5200, 1120],
      ],
      [
        [5200, 1120],
        [5200, 560],
      ],
    ],
  },
  van: {
    length: 5300,
    outline: [
      [0, 380, 0],
      [-15, 880, 120],
      [320, 1140, 300],
      [880, 1250, 180],
      [1420, 2050, 260],
      [5180, 2090, 120],
      [5300, 1980, 80],
      [5290, 390, 50],
    ],
    clearance: 380,
    wheels: [900, 4150],
    wheelR: 345,
    rimRatio: 0.62,
    spokes: 5,
    windows: [
      [
        [1000, 1330],
        [1450, 1980],
        [2050, 1990],
        [2050, 1330],
      ],
    ],
    pillars: [],
    doors: [2120, 3520, 5200],
    handles: [1800, 2300, 5050],
    belt: 1320,
    headlight: [
      [20, 900],
      [90, 980],
      [470, 1110],
      [420, 960],
    ],
    taillight: [
      [5215, 1500],
      [5296, 1500],
      [5296, 1050],
      [5215, 1050],
    ],
    mirror: [1010, 1340],
    lines: [
      [
        [2120, 1700],
        [3520, 1700],
      ],
    ],
  },
  coupe: {
    length: 4300,
    outline: [
      [0, 220, 0],
      [-15, 520, 150],
      [300, 690, 330],
      [1500, 800, 200],
      [2150, 1270, 320],
      [2850, 1290, 420],
      [3950, 860, 260],
      [4260, 830, 120],
      [4300, 590, 80],
      [4280, 240, 60],
    ],
    clearance: 220,
    wheels: [880, 3480],
    wheelR: 325,
    rimRatio: 0.74,
    spokes: 10,
    windows: [
      [
        [1610, 860],
        [2180, 1220],
        [2860, 1230],
        [3620, 870],
      ],
    ],
    pillars: [],
    doors: [1560, 2900],
    handles: [2700],
    belt: 850,
    headlight: [
      [25, 540],
      [140, 630],
      [560, 690],
      [470, 580],
    ],
    taillight: [
      [4120, 820],
      [4290, 790],
      [4300, 680],
      [4100, 730],
    ],
    mirror: [1620, 875],
  },
  convertible: {
    length: 4500,
    outline: [
      [0, 230, 0],
      [-15, 540, 150],
      [300, 720, 330],
      [1650, 840, 160],
      [4300, 870, 200],
      [4480, 820, 120],
      [4500, 600, 80],
      [4480, 250, 60],
    ],
    clearance: 230,
    wheels: [900, 3640],
    wheelR: 330,
    rimRatio: 0.72,
    spokes: 5,
    windows: [],
    pillars: [],
    doors: [1700, 3000],
    handles: [2800],
    belt: 860,
    headlight: [
      [25, 560],
      [140, 650],
      [560, 715],
      [470, 600],
    ],
    taillight: [
      [4320, 850],
      [4490, 810],
      [4500, 690],
      [4300, 740],
    ],
    mirror: [1760, 880],
  },
  peopleMover: {
    length: 5150,
    outline: [
      [0, 370, 0],
      [-15, 800, 140],
      [300, 990, 280],
      [1080, 1085, 180],
      [1800, 1735, 320],
      [4720, 1765, 240],
      [5090, 1560, 200],
      [5150, 1000, 100],
      [5130, 380, 60],
    ],
    clearance: 370,
    wheels: [1000, 4050],
    wheelR: 358,
    rimRatio: 0.66,
    spokes: 5,
    windows: [
      [
        [1190, 1150],
        [1830, 1690],
        [4690, 1705],
        [5000, 1530],
        [5020, 1160],
      ],
    ],
    pillars: [2380, 3600, 4380],
    doors: [1140, 2380, 3700],
    handles: [2150, 3500],
    belt: 1140,
    headlight: [
      [20, 820],
      [90, 900],
      [500, 980],
      [430, 860],
    ],
    taillight: [
      [5020, 1480],
      [5140, 1420],
      [5150, 1080],
      [5060, 1110],
    ],
    mirror: [1200, 1170],
    lines: [
      [
        [2420, 1450],
        [3650, 1450],
      ],
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Shared parts

function defs(id: string, paint: string): string {
  const dark = luminance(paint) < 0.25;
  const top = shade(paint, dark ? 0.28 : 0.35);
  const low = shade(paint, dark ? -0.2 : -0.28);
  return `<linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${top}"/><stop offset="0.38" stop-color="${shade(paint, 0.08)}"/>
<stop offset="0.55" stop-color="${paint}"/><stop offset="1" stop-color="${low}"/></linearGradient>
<linearGradient id="${id}g" x1="0" y1="0" x2="0.35" y2="1">
<stop offset="0" stop-color="#4b5d70"/><stop offset="0.45" stop-color="#1c2733"/><stop offset="1" stop-color="#0d131a"/></linearGradient>
<linearGradient id="${id}r" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#f4f6f8"/><stop offset="0.5" stop-color="#a7adb4"/><stop offset="1" stop-color="#6d737a"/></linearGradient>
<radialGradient id="${id}s" cx="0.5" cy="0.5" r="0.5">
<stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.7" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="${id}h" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#fffbe8"/><stop offset="1" stop-color="#c9d3dc"/></linearGradient>`;
}

function wheel(cx: number, cy: number, r: number, rimRatio: number, spokes: number, id: string, offset = 0): string {
  const rim = r * rimRatio;
  let s = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#16181b"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.93)}" fill="none" stroke="#2a2d31" stroke-width="${n(r * 0.05)}"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rim)}" fill="#24272b"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rim * 0.62)}" fill="#55595e"/>`;
  const w = spokes > 6 ? rim * 0.09 : rim * 0.17;
  for (let i = 0; i < spokes; i++) {
    const a = ((i / spokes) * 360 + offset) * (Math.PI / 180);
    const x2 = cx + Math.cos(a) * rim * 0.92;
    const y2 = cy + Math.sin(a) * rim * 0.92;
    s += `<line x1="${n(cx)}" y1="${n(cy)}" x2="${n(x2)}" y2="${n(y2)}" stroke="url(#${id}r)" stroke-width="${n(w)}" stroke-linecap="round"/>`;
  }
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rim)}" fill="none" stroke="url(#${id}r)" stroke-width="${n(rim * 0.1)}"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rim * 0.2)}" fill="url(#${id}r)" stroke="#3c4046" stroke-width="${n(rim * 0.03)}"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rim * 0.07)}" fill="#2b2e33"/>`;
  return s;
}

/** Points of a wheel arch of radius r round (cx, cy), from its right foot at height y to its left foot. */
function arch(cx: number, cy: number, r: number, y: number, steps = 14): RPt[] {
  const dy = cy - y;
  const dx = Math.sqrt(Math.max(r * r - dy * dy, 1));
  const a0 = Math.atan2(y - cy, dx);
  const a1 = Math.PI - a0;
  const pts: RPt[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r, 0]);
  }
  return pts;
}

/** The body's lower edge with arches cut round both wheels, from rear to front. */
function bottomWithArches(p: SideProfile, archR: number): RPt[] {
  const [xf, xr] = p.wheels;
  return [...arch(xr, p.wheelR, archR, p.clearance), ...arch(xf, p.wheelR, archR, p.clearance)];
}

// ---------------------------------------------------------------------------------------------
// Side views

function sideCar(kind: keyof typeof PROFILES, paint: string, id: string): string {
  const p = PROFILES[kind];
  const archR = p.wheelR * 1.13;
  const body = roundedPath([...p.outline, ...bottomWithArches(p, archR)]);
  const dark = shade(paint, -0.45);
  const line = luminance(paint) < 0.2 ? shade(paint, 0.25) : shade(paint, -0.35);
  let s = `<defs><clipPath id="${id}cb"><path d="${body}"/></clipPath></defs>`;
  // Arch liners show through the gap round the tyres.
  for (const x of p.wheels) s += `<circle cx="${n(x)}" cy="${n(-p.wheelR)}" r="${n(archR - 8)}" fill="#0c0d0f"/>`;
  s += `<path d="${body}" fill="url(#${id}b)"/>`;
  s += `<g clip-path="url(#${id}cb)">`;
  if (p.cladding) {
    const top = p.clearance + p.cladding;
    s += `<path d="M0 ${n(-top)}L${n(p.length)} ${n(-top)}L${n(p.length)} 0L0 0Z" fill="#2a2c30"/>`;
    for (const x of p.wheels) s += `<circle cx="${n(x)}" cy="${n(-p.wheelR)}" r="${n(archR + 70)}" fill="#2a2c30"/>`;
    s += `<path d="M0 ${n(-top)}L${n(p.length)} ${n(-top)}" stroke="#fff" stroke-opacity="0.12" stroke-width="10"/>`;
  }
  // Shoulder highlight.
  s += `<path d="M${n(300)} ${n(-(p.belt - 40))}L${n(p.length - 200)} ${n(-(p.belt - 20))}" stroke="#fff" stroke-opacity="0.28" stroke-width="22" stroke-linecap="round"/>`;
  s += `<path d="M${n(350)} ${n(-(p.belt - 120))}L${n(p.length - 250)} ${n(-(p.belt - 100))}" stroke="${line}" stroke-opacity="0.35" stroke-width="8"/>`;
  for (const w of p.windows) {
    s += `<path d="${poly(w)}" fill="#0e1216"/>`;
    const inset = w.map(([x, y], i) => [x + (i === 0 ? 30 : 0), y] as Pt);
    s += `<path d="${poly(inset)}" fill="url(#${id}g)"/>`;
    // Reflection sweep.
    const minX = Math.min(...w.map((q) => q[0]));
    const maxX = Math.max(...w.map((q) => q[0]));
    const top = Math.max(...w.map((q) => q[1]));
    const bot = Math.min(...w.map((q) => q[1]));
    const rx = minX + (maxX - minX) * 0.35;
    s += `<path d="${poly([
      [rx, top],
      [rx + 420, top],
      [rx + 180, bot],
      [rx - 240, bot],
    ])}" fill="#fff" opacity="0.08"/>`;
  }
  if (p.windows.length > 0 && p.pillars.length > 0) {
    s += `<defs><clipPath id="${id}cw">${p.windows.map((w) => `<path d="${poly(w)}"/>`).join('')}</clipPath></defs><g clip-path="url(#${id}cw)">`;
    for (const x of p.pillars) s += `<path d="M${n(x)} ${n(-p.belt + 10)}L${n(x + 30)} ${n(-2200)}" stroke="#0b0d10" stroke-width="90"/>`;
    s += `</g>`;
  }
  for (const x of p.doors) {
    s += `<path d="M${n(x)} ${n(-p.belt)}L${n(x - 25)} ${n(-(p.clearance + 90))}" stroke="${line}" stroke-opacity="0.55" stroke-width="9"/>`;
  }
  for (const x of p.handles) {
    s += `<rect x="${n(x)}" y="${n(-(p.belt - 110))}" width="180" height="38" rx="18" fill="${shade(paint, -0.25)}" stroke="${shade(paint, 0.3)}" stroke-width="5"/>`;
  }
  for (const l of p.lines ?? []) {
    s += `<path d="M${l.map(([x, y]) => `${n(x)} ${n(-y)}`).join('L')}" fill="none" stroke="${line}" stroke-opacity="0.6" stroke-width="12"/>`;
  }
  if (p.roofRails) {
    const [a, b, y] = p.roofRails;
    s += `<rect x="${n(a)}" y="${n(-y - 20)}" width="${n(b - a)}" height="40" rx="18" fill="#1f2226"/>`;
  }
  s += `<path d="${poly(p.headlight)}" fill="url(#${id}h)" stroke="${dark}" stroke-width="10"/>`;
  s += `<path d="${poly(p.taillight)}" fill="#c3121f" stroke="#5a0a10" stroke-width="10"/>`;
  // Bumper line and a grille slot at the nose.
  s += `<path d="M${n(-20)} ${n(-(p.clearance + 140))}L${n(380)} ${n(-(p.clearance + 150))}" stroke="#16181b" stroke-width="40" stroke-linecap="round"/>`;
  // Arch lips.
  for (const x of p.wheels)
    s += `<circle cx="${n(x)}" cy="${n(-p.wheelR)}" r="${n(archR + 10)}" fill="none" stroke="${shade(paint, -0.3)}" stroke-width="28"/>`;
  s += `</g>`;
  if (kind === 'convertible') {
    // Windscreen frame, headrests and the folded soft top.
    s += `<path d="M1690 -850L2020 -1230L2170 -1230L1860 -850Z" fill="#9fc2d8" opacity="0.55"/>`;
    s += `<path d="M1690 -850L2020 -1230L2170 -1230L1860 -850" fill="none" stroke="#15181c" stroke-width="40" stroke-linejoin="round"/>`;
    s += `<path d="${roundedPath([
      [2460, 860, 0],
      [2500, 1130, 60],
      [2640, 1140, 60],
      [2660, 860, 0],
    ])}" fill="#2b2e33"/>`;
    s += `<path d="${roundedPath([
      [2700, 860, 0],
      [2760, 1170, 60],
      [2950, 1180, 60],
      [2960, 860, 0],
    ])}" fill="#1b1d21"/>`;
    s += `<path d="${roundedPath([
      [3350, 860, 0],
      [3450, 1000, 120],
      [3950, 1010, 140],
      [4150, 870, 0],
    ])}" fill="#23262b"/>`;
  }
  const [mx, my] = p.mirror;
  s += `<path d="${roundedPath([
    [mx - 40, my, 20],
    [mx - 10, my + 150, 40],
    [mx + 190, my + 140, 40],
    [mx + 180, my + 10, 20],
  ])}" fill="${shade(paint, -0.1)}" stroke="${dark}" stroke-width="8"/>`;
  for (let i = 0; i < p.wheels.length; i++) {
    const x = p.wheels[i]!;
    s += wheel(x, -p.wheelR, p.wheelR, p.rimRatio, p.spokes, id, i * 17);
  }
  return s;
}

function sideTruck(kind: 'lightTruck' | 'cabChassis', paint: string, id: string): string {
  const cab = roundedPath([[0, 700, 0], [-10, 2350, 160], [200, 2560, 200], [1750, 2580, 120], [1760, 700, 0], ...arch(900, 430, 520, 700)]);
  let s = `<circle cx="900" cy="-430" r="505" fill="#0c0d0f"/>`;
  // Chassis rails and fuel tank.
  s += `<rect x="200" y="-960" width="6200" height="230" fill="#1d1f22"/>`;
  s += `<rect x="1900" y="-860" width="900" height="300" rx="60" fill="#8d939a"/>`;
  s += `<path d="${cab}" fill="url(#${id}b)"/>`;
  // Windscreen wrap, door window, door line, step, indicator.
  s += `<path d="M0 -1520L120 -2350L640 -2350L640 -1520Z" fill="url(#${id}g)"/>`;
  s += `<path d="M760 -1560L760 -2330L1600 -2330L1600 -1560Z" fill="url(#${id}g)"/>`;
  s += `<path d="M700 -2400L700 -760M1660 -2400L1660 -760" stroke="${shade(paint, -0.35)}" stroke-width="12"/>`;
  s += `<rect x="1300" y="-1440" width="220" height="50" rx="22" fill="${shade(paint, -0.25)}"/>`;
  s += `<rect x="-20" y="-1150" width="560" height="260" rx="40" fill="#d8dce0"/>`;
  s += `<rect x="30" y="-1110" width="260" height="90" rx="30" fill="url(#${id}h)"/>`;
  s += `<rect x="-30" y="-860" width="700" height="170" rx="40" fill="#1d1f22"/>`;
  s += `<path d="M150 -2500L1700 -2500" stroke="#fff" stroke-opacity="0.3" stroke-width="30" stroke-linecap="round"/>`;
  s += `<rect x="520" y="-1720" width="120" height="220" rx="30" fill="#1d1f22"/>`;
  if (kind === 'lightTruck') {
    // Pantech box body.
    s += `<rect x="1900" y="-3150" width="4600" height="2150" rx="40" fill="#eceef0" stroke="#b8bdc2" stroke-width="14"/>`;
    for (let x = 2250; x < 6400; x += 350) s += `<path d="M${x} -3120L${x} -1030" stroke="#cfd3d7" stroke-width="14"/>`;
    s += `<rect x="1900" y="-1060" width="4600" height="80" fill="#9aa0a6"/>`;
    s += `<rect x="1900" y="-3150" width="4600" height="70" fill="#d5d9dd"/>`;
  } else {
    // Steel tray with a mesh headboard.
    s += `<rect x="1880" y="-1330" width="4620" height="230" fill="#aeb3b9" stroke="#6f757b" stroke-width="14"/>`;
    s += `<path d="M1880 -1330L1880 -2550L2040 -2550L2040 -1330" fill="#2a2d31"/>`;
    for (let y = -1450; y > -2550; y -= 120) s += `<path d="M1880 ${y}L2040 ${y}" stroke="#6f757b" stroke-width="10"/>`;
    for (let x = 2300; x < 6500; x += 600) s += `<rect x="${x}" y="-1530" width="40" height="200" fill="#6f757b"/>`;
    s += `<path d="M1880 -1530L6500 -1530" stroke="#6f757b" stroke-width="26"/>`;
    s += `<rect x="1880" y="-1100" width="4620" height="140" fill="#1d1f22"/>`;
  }
  s += `<rect x="6350" y="-1150" width="150" height="120" fill="#c3121f"/>`;
  // Rear wheel arch guard, wheels (dual rear).
  s += `<path d="M3750 -1000Q4300 -1500 4850 -1000Z" fill="#1d1f22"/>`;
  s += wheel(900, -430, 430, 0.6, 8, id);
  s += wheel(4300, -430, 430, 0.6, 8, id, 20);
  s += `<circle cx="4300" cy="-430" r="110" fill="#2b2e33"/>`;
  return s;
}

function sideMotorcycle(paint: string, id: string): string {
  const fx = 330;
  const rx = 1750;
  const r = 310;
  const dk = shade(paint, -0.45);
  let s = '';
  // Swingarm and rear shock.
  s += `<path d="M1100 -520L${rx} -${r}" stroke="#2b2e33" stroke-width="80" stroke-linecap="round"/>`;
  s += `<path d="M1160 -560L1330 -820" stroke="#c8a24a" stroke-width="40" stroke-linecap="round"/>`;
  // Engine block with fins, radiator.
  s += `<path d="${roundedPath([
    [660, 300, 80],
    [1130, 280, 90],
    [1170, 640, 60],
    [980, 830, 40],
    [700, 820, 40],
    [620, 560, 60],
  ])}" fill="#3b3f45"/>`;
  for (let i = 0; i < 6; i++)
    s += `<path d="M${700 + i * 8} -${780 - i * 40}L${960 + i * 25} -${800 - i * 40}" stroke="#6c7279" stroke-width="14" stroke-linecap="round"/>`;
  s += `<circle cx="990" cy="-430" r="100" fill="#55595e" stroke="#8d939a" stroke-width="16"/>`;
  s += `<rect x="560" y="-880" width="120" height="320" rx="20" fill="#1e2024"/>`;
  // Exhaust headers into a side muffler under the seat.
  s += `<path d="M690 -660Q600 -400 760 -260L1150 -300L1420 -560" stroke="#a9aeb4" stroke-width="46" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  s += `<path d="M1300 -470L1620 -690" stroke="#c5cacf" stroke-width="130" stroke-linecap="round"/>`;
  s += `<path d="M1300 -470L1620 -690" stroke="#8d939a" stroke-width="40" stroke-linecap="round" opacity="0.5"/>`;
  // Trellis frame.
  s += `<path d="M620 -960L1100 -540M640 -870L1060 -850L1100 -540M760 -900L900 -640L1060 -850" stroke="#2d3035" stroke-width="34" fill="none" stroke-linejoin="round"/>`;
  // Forks.
  s += `<path d="M${fx} -${r}L470 -700" stroke="#c8a24a" stroke-width="62" stroke-linecap="round"/>`;
  s += `<path d="M450 -650L600 -1000" stroke="#c5cacf" stroke-width="46" stroke-linecap="round"/>`;
  // Front guard.
  s += `<path d="M150 -560Q330 -720 520 -600" stroke="url(#${id}b)" stroke-width="46" fill="none" stroke-linecap="round"/>`;
  // Radiator shroud and tank.
  s += `<path d="${roundedPath([
    [620, 960, 40],
    [800, 930, 40],
    [760, 640, 60],
    [640, 700, 40],
  ])}" fill="url(#${id}b)" stroke="${dk}" stroke-width="10"/>`;
  s += `<path d="${roundedPath([
    [600, 950, 60],
    [700, 1070, 160],
    [930, 1090, 160],
    [1080, 980, 60],
    [1010, 840, 60],
    [720, 830, 60],
  ])}" fill="url(#${id}b)" stroke="${dk}" stroke-width="10"/>`;
  s += `<path d="M700 -1030Q840 -1070 980 -1040" stroke="#fff" stroke-opacity="0.5" stroke-width="22" fill="none" stroke-linecap="round"/>`;
  // Seat, tail unit, tail light, plate hanger.
  s += `<path d="${roundedPath([
    [1040, 990, 40],
    [1200, 960, 60],
    [1480, 1000, 60],
    [1720, 1080, 40],
    [1700, 1010, 30],
    [1460, 930, 50],
    [1060, 900, 40],
  ])}" fill="#1e2024"/>`;
  s += `<path d="${roundedPath([
    [1380, 930, 40],
    [1870, 1080, 40],
    [1890, 1030, 30],
    [1500, 870, 60],
  ])}" fill="url(#${id}b)" stroke="${dk}" stroke-width="10"/>`;
  s += `<rect x="1840" y="-1075" width="70" height="40" rx="12" fill="#c3121f"/>`;
  s += `<path d="M1760 -930L1930 -700" stroke="#1e2024" stroke-width="30" stroke-linecap="round"/>`;
  s += `<rect x="1890" y="-760" width="30" height="140" fill="#fafafa" stroke="#222" stroke-width="8"/>`;
  // Headlight, bars, mirror, instrument pod.
  s += `<ellipse cx="500" cy="-900" rx="70" ry="95" fill="url(#${id}h)" stroke="#1e2024" stroke-width="22"/>`;
  s += `<rect x="560" y="-1060" width="90" height="70" rx="14" fill="#1e2024"/>`;
  s += `<path d="M600 -1020L700 -1090L790 -1085" stroke="#1e2024" stroke-width="30" stroke-linecap="round" fill="none"/>`;
  s += `<path d="M690 -1090L650 -1250" stroke="#1e2024" stroke-width="14"/><ellipse cx="640" cy="-1270" rx="60" ry="36" fill="#1e2024"/>`;
  s += wheel(fx, -r, r, 0.76, 6, id);
  s += wheel(rx, -r, r + 5, 0.74, 6, id, 30);
  s += `<circle cx="${fx}" cy="-${r}" r="150" fill="none" stroke="#b5bac0" stroke-width="22"/>`;
  return s;
}

/** A side view with its length in mm, so scenes can scale it. */
function sideVehicle(art: ArtKind, paint: string, id: string): { svg: string; length: number; height: number } {
  if (art === 'motorcycle') return { svg: sideMotorcycle(paint, id), length: 2100, height: 1300 };
  if (art === 'lightTruck' || art === 'cabChassis') return { svg: sideTruck(art, paint, id), length: 6500, height: 3200 };
  const p = PROFILES[art];
  return { svg: sideCar(art, paint, id), length: p.length, height: Math.max(...p.outline.map((q) => q[1])) };
}

// ---------------------------------------------------------------------------------------------
// Front and rear views (millimetres, centred on x = 0, ground at 0)

interface FaceDims {
  width: number;
  roof: number;
  roofWidth: number;
  belt: number;
  shoulder: number;
  clearance: number;
  wheelR: number;
  /** Rear of a ute is a tailgate below the tray, cab window above. */
  tray?: number;
  box?: boolean;
}

const FACES: Record<Exclude<ArtKind, 'motorcycle'>, FaceDims> = {
  sedan: { width: 1840, roof: 1435, roofWidth: 1200, belt: 930, shoulder: 780, clearance: 250, wheelR: 335 },
  hatch: { width: 1790, roof: 1430, roofWidth: 1220, belt: 940, shoulder: 790, clearance: 260, wheelR: 330 },
  suv: { width: 1860, roof: 1665, roofWidth: 1320, belt: 1125, shoulder: 980, clearance: 380, wheelR: 372 },
  wagon: { width: 1840, roof: 1560, roofWidth: 1300, belt: 1025, shoulder: 880, clearance: 320, wheelR: 350 },
  ute: { width: 1860, roof: 1810, roofWidth: 1360, belt: 1220, shoulder: 1080, clearance: 440, wheelR: 390, tray: 1180 },
  van: { width: 1950, roof: 2090, roofWidth: 1700, belt: 1320, shoulder: 1150, clearance: 380, wheelR: 345, box: true },
  coupe: { width: 1780, roof: 1290, roofWidth: 1080, belt: 850, shoulder: 700, clearance: 220, wheelR: 325 },
  convertible: { width: 1760, roof: 1230, roofWidth: 1200, belt: 860, shoulder: 720, clearance: 230, wheelR: 330 },
  peopleMover: { width: 1900, roof: 1765, roofWidth: 1420, belt: 1140, shoulder: 990, clearance: 370, wheelR: 358 },
  lightTruck: { width: 2050, roof: 2580, roofWidth: 1950, belt: 1520, shoulder: 1450, clearance: 700, wheelR: 430, box: true },
  cabChassis: { width: 2050, roof: 2580, roofWidth: 1950, belt: 1520, shoulder: 1450, clearance: 700, wheelR: 430, box: true },
};

function plateSvg(cx: number, y: number, w: number, h: number, text: string, accent: string): string {
  return `<rect x="${n(cx - w / 2)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.12)}" fill="#fafafa" stroke="#222" stroke-width="${n(h * 0.06)}"/>
<rect x="${n(cx - w / 2 + h * 0.08)}" y="${n(y + h * 0.72)}" width="${n(w - h * 0.16)}" height="${n(h * 0.2)}" fill="${accent}"/>
<text x="${n(cx)}" y="${n(y + h * 0.6)}" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${n(h * 0.46)}" text-anchor="middle" fill="#1a1a1a">${esc(text)}</text>`;
}

function faceView(art: Exclude<ArtKind, 'motorcycle'>, rear: boolean, paint: string, id: string, accent: string, plate: string): string {
  const f = FACES[art];
  const W = f.width / 2;
  const truck = art === 'lightTruck' || art === 'cabChassis';
  const dark = shade(paint, -0.45);
  let s = '';
  // Tyres peeking below the body.
  const tw = truck ? 320 : 290;
  s += `<rect x="${n(-W * 0.78)}" y="${n(-f.clearance - 40)}" width="${n(W * 1.56)}" height="${n(f.clearance * 0.6 + 40)}" rx="30" fill="#141518"/>`;
  for (const side of [-1, 1]) {
    const x = side * (W - tw / 2 - 30);
    s += `<rect x="${n(x - tw / 2)}" y="${n(-f.wheelR * 1.25)}" width="${tw}" height="${n(f.wheelR * 1.25)}" rx="60" fill="#16181b"/>`;
    s += `<path d="M${n(x - tw / 2 + 40)} ${n(-f.wheelR * 0.9)}L${n(x + tw / 2 - 40)} ${n(-f.wheelR * 0.9)}" stroke="#2a2d31" stroke-width="20" stroke-dasharray="30 30"/>`;
  }
  if (truck && rear) {
    // Box body or tray seen from behind: white doors / headboard.
    if (art === 'lightTruck') {
      s += `<rect x="${n(-1150)}" y="-3150" width="2300" height="2100" rx="30" fill="#eceef0" stroke="#b8bdc2" stroke-width="16"/>`;
      s += `<path d="M0 -3130L0 -1070" stroke="#9aa0a6" stroke-width="14"/>`;
      for (const x of [-500, 500]) s += `<path d="M${x} -3000L${x} -1200" stroke="#8d939a" stroke-width="34" stroke-linecap="round"/>`;
    } else {
      s += `<path d="M-1000 -2550L1000 -2550L1000 -1330L-1000 -1330Z" fill="${shade(paint, -0.1)}"/>`;
      s += `<path d="M-880 -2450L880 -2450L880 -1700L-880 -1700Z" fill="url(#${id}g)"/>`;
      s += `<path d="M-1150 -1340L1150 -1340L1150 -1120L-1150 -1120Z" fill="#aeb3b9" stroke="#6f757b" stroke-width="14"/>`;
      for (let y = -1500; y > -2550; y -= 130) s += `<path d="M-1000 ${y}L1000 ${y}" stroke="#2a2d31" stroke-width="14" opacity="0.7"/>`;
    }
    s += `<rect x="-1150" y="-1060" width="2300" height="120" fill="#1d1f22"/>`;
    for (const side of [-1, 1]) s += `<rect x="${n(side * 900 - 110)}" y="-1020" width="220" height="80" fill="#c3121f"/>`;
    s += `<rect x="-1000" y="-760" width="2000" height="70" fill="#3a3e44"/>`;
    s += plateSvg(0, -940, 480, 150, plate, accent);
    return s;
  }
  if (truck) {
    // Cab-over front: tall flat face, big screen, grille low down.
    s += `<path d="${roundedPath([
      [-W, f.clearance, 40],
      [-W, f.roof - 120, 180],
      [-W + 120, f.roof, 180],
      [W - 120, f.roof, 180],
      [W, f.roof - 120, 180],
      [W, f.clearance, 40],
    ])}" fill="url(#${id}b)"/>`;
    s += `<path d="${roundedPath([
      [-W + 110, 1560, 60],
      [-W + 160, 2400, 80],
      [W - 160, 2400, 80],
      [W - 110, 1560, 60],
    ])}" fill="url(#${id}g)"/>`;
    s += `<path d="M-300 -2380L100 -2380L-200 -1580L-600 -1580Z" fill="#fff" opacity="0.08"/>`;
    s += `<path d="M0 -2400L0 -1560" stroke="#0b0d10" stroke-width="20"/>`;
    s += `<rect x="-620" y="-1420" width="1240" height="380" rx="40" fill="#1e2024"/>`;
    for (let y = -1380; y < -1060; y += 70) s += `<rect x="-580" y="${y}" width="1160" height="30" rx="10" fill="#3a3e44"/>`;
    for (const side of [-1, 1]) {
      s += `<rect x="${n(side * (W - 240) - 170)}" y="-1250" width="340" height="150" rx="40" fill="url(#${id}h)" stroke="#1e2024" stroke-width="16"/>`;
      s += `<rect x="${n(side * (W + 60) - 60)}" y="-2300" width="120" height="520" rx="30" fill="#1e2024"/>`;
    }
    s += `<rect x="${n(-W - 20)}" y="-1000" width="${n(f.width + 40)}" height="230" rx="40" fill="#d1d5d9"/>`;
    s += plateSvg(0, -960, 480, 150, plate, accent);
    s += `<path d="M${n(-W + 150)} ${n(-f.roof + 50)}L${n(W - 150)} ${n(-f.roof + 50)}" stroke="#fff" stroke-opacity="0.35" stroke-width="30" stroke-linecap="round"/>`;
    return s;
  }
  const topW = f.roofWidth / 2;
  const beltW = W * 0.93;
  // Lower body: a wide, slightly tapered block.
  s += `<path d="${roundedPath([
    [-W, f.clearance, 80],
    [-W - 10, f.shoulder, 120],
    [-beltW, f.belt + 30, 160],
    [beltW, f.belt + 30, 160],
    [W + 10, f.shoulder, 120],
    [W, f.clearance, 80],
  ])}" fill="url(#${id}b)"/>`;
  // Cabin: pillars in body colour, glass inset.
  if (art !== 'convertible') {
    s += `<path d="${roundedPath([
      [-beltW + 40, f.belt, 40],
      [-topW, f.roof, 120],
      [topW, f.roof, 120],
      [beltW - 40, f.belt, 40],
    ])}" fill="url(#${id}b)"/>`;
  }
  const gb = f.belt + 40;
  const gt = f.roof - (art === 'convertible' ? 30 : 90);
  const gw0 = beltW - 120;
  const gw1 = topW - 90;
  if (rear && art === 'ute') {
    s += `<path d="${poly([
      [-gw0 + 100, gb + 80],
      [-gw1 + 40, gt],
      [gw1 - 40, gt],
      [gw0 - 100, gb + 80],
    ])}" fill="url(#${id}g)"/>`;
  } else {
    const glass = rear ? [0.88, 0.86] : [1, 1];
    s += `<path d="${poly([
      [-gw0 * glass[0]!, gb],
      [-gw1 * glass[1]!, gt],
      [gw1 * glass[1]!, gt],
      [gw0 * glass[0]!, gb],
    ])}" fill="url(#${id}g)"/>`;
    s += `<path d="${poly([
      [-gw1 * 0.2, gt],
      [gw1 * 0.35, gt],
      [-gw0 * 0.05, gb],
      [-gw0 * 0.55, gb],
    ])}" fill="#fff" opacity="0.09"/>`;
  }
  if (art === 'convertible') {
    s += `<path d="M${n(-gw0)} ${n(-gb)}L${n(-gw1)} ${n(-gt)}L${n(gw1)} ${n(-gt)}L${n(gw0)} ${n(-gb)}" fill="none" stroke="#15181c" stroke-width="50" stroke-linejoin="round"/>`;
    for (const side of [-1, 1]) s += `<rect x="${n(side * 420 - 150)}" y="${n(-gb - 330)}" width="300" height="330" rx="90" fill="#1b1d21"/>`;
  }
  // Roof highlight.
  s += `<path d="M${n(-topW + 120)} ${n(-f.roof + 25)}L${n(topW - 120)} ${n(-f.roof + 25)}" stroke="#fff" stroke-opacity="0.35" stroke-width="26" stroke-linecap="round"/>`;
  // Mirrors.
  for (const side of [-1, 1]) {
    const x = side * (beltW - 40);
    s += `<path d="${roundedPath([
      [x, f.belt + 20, 20],
      [x + side * 230, f.belt + 40, 50],
      [x + side * 250, f.belt + 190, 50],
      [x, f.belt + 180, 20],
    ])}" fill="${shade(paint, -0.08)}" stroke="${dark}" stroke-width="10"/>`;
  }
  const lightY = f.shoulder - 40;
  if (!rear) {
    // Headlights, grille, lower intake, badge, fog lights.
    for (const side of [-1, 1]) {
      s += `<path d="${poly([
        [side * (W - 40), lightY - 10],
        [side * (W - 90), lightY - 150],
        [side * (W * 0.45), lightY - 120],
        [side * (W * 0.4), lightY + 30],
      ])}" fill="url(#${id}h)" stroke="#1e2024" stroke-width="18"/>`;
      s += `<path d="M${n(side * (W - 90))} ${n(-(lightY - 110))}L${n(side * W * 0.46)} ${n(-(lightY - 90))}" stroke="#fff" stroke-width="16"/>`;
      s += `<circle cx="${n(side * (W - 230))}" cy="${n(-(f.clearance + 210))}" r="45" fill="#eef2f5" stroke="#1e2024" stroke-width="14"/>`;
    }
    const gTop = lightY + 10;
    const gBot = f.clearance + 330;
    s += `<path d="${roundedPath([
      [-W * 0.38, gTop, 40],
      [W * 0.38, gTop, 40],
      [W * 0.48, gBot, 60],
      [-W * 0.48, gBot, 60],
    ])}" fill="#16181b"/>`;
    for (let y = gBot + 40; y < gTop - 20; y += 55) s += `<path d="M${n(-W * 0.42)} ${n(-y)}L${n(W * 0.42)} ${n(-y)}" stroke="#3a3e44" stroke-width="16"/>`;
    s += `<ellipse cx="0" cy="${n(-(gTop + gBot) / 2 - 20)}" rx="110" ry="70" fill="url(#${id}r)" stroke="#2b2e33" stroke-width="10"/>`;
    s += `<path d="${roundedPath([
      [-W * 0.5, f.clearance + 60, 50],
      [W * 0.5, f.clearance + 60, 50],
      [W * 0.42, f.clearance + 210, 50],
      [-W * 0.42, f.clearance + 210, 50],
    ])}" fill="#16181b"/>`;
    s += plateSvg(0, -(f.clearance + 300), 470, 140, plate, accent);
  } else {
    // Tail lights, tailgate line, bumper, exhaust, plate.
    for (const side of [-1, 1]) {
      s += `<path d="${poly([
        [side * (W - 20), lightY + 60],
        [side * (W - 30), lightY - 140],
        [side * (W * 0.55), lightY - 110],
        [side * (W * 0.58), lightY + 50],
      ])}" fill="#c3121f" stroke="#4d080d" stroke-width="16"/>`;
      s += `<path d="M${n(side * (W - 50))} ${n(-(lightY + 10))}L${n(side * W * 0.6)} ${n(-lightY)}" stroke="#ff6b6b" stroke-width="14"/>`;
    }
    if (f.tray) {
      s += `<path d="M${n(-W * 0.9)} ${n(-f.tray)}L${n(W * 0.9)} ${n(-f.tray)}" stroke="${dark}" stroke-width="30"/>`;
      s += `<rect x="-140" y="${n(-f.tray + 80)}" width="280" height="70" rx="20" fill="#2b2e33"/>`;
    } else if (f.box) {
      s += `<path d="M0 ${n(-f.roof + 80)}L0 ${n(-f.clearance - 260)}" stroke="${dark}" stroke-width="14"/>`;
    } else {
      s += `<path d="M${n(-W * 0.55)} ${n(-lightY + 60)}L${n(W * 0.55)} ${n(-lightY + 60)}" stroke="${dark}" stroke-opacity="0.6" stroke-width="10"/>`;
    }
    s += `<path d="${roundedPath([
      [-W, f.clearance + 40, 60],
      [W, f.clearance + 40, 60],
      [W, f.clearance + 230, 40],
      [-W, f.clearance + 230, 40],
    ])}" fill="#1f2226"/>`;
    s += `<rect x="${n(W * 0.55)}" y="${n(-(f.clearance + 60))}" width="140" height="70" rx="30" fill="#8d939a" stroke="#2b2e33" stroke-width="10"/>`;
    s += plateSvg(0, -(f.clearance + 480), 470, 140, plate, accent);
  }
  return s;
}

function faceMotorcycle(rear: boolean, paint: string, id: string, accent: string, plate: string): string {
  let s = '';
  // Engine cases, radiator and footpegs show either side of the wheel.
  s += `<rect x="-270" y="-880" width="540" height="380" rx="90" fill="#3b3f45"/>`;
  for (const side of [-1, 1]) {
    s += `<ellipse cx="${side * 250}" cy="-560" rx="90" ry="120" fill="#8d939a" stroke="#3b3f45" stroke-width="16"/>`;
    s += `<path d="M${side * 250} -470L${side * 430} -460" stroke="#1e2024" stroke-width="40" stroke-linecap="round"/>`;
  }
  if (!rear) {
    s += `<rect x="-220" y="-1000" width="440" height="300" rx="40" fill="#1e2024"/>`;
    for (let y = -980; y < -720; y += 40) s += `<path d="M-200 ${y}L200 ${y}" stroke="#3b3f45" stroke-width="14"/>`;
    s += `<path d="${roundedPath([
      [-260, 950, 80],
      [-200, 1160, 80],
      [200, 1160, 80],
      [260, 950, 80],
    ])}" fill="url(#${id}b)" stroke="${shade(paint, -0.45)}" stroke-width="12"/>`;
    s += `<rect x="-85" y="-660" width="170" height="660" rx="75" fill="#16181b"/>`;
    s += `<path d="M-110 -640Q0 -760 110 -640L90 -560L-90 -560Z" fill="url(#${id}b)"/>`;
    s += `<path d="M-95 -620L-80 -1120M95 -620L80 -1120" stroke="#c8a24a" stroke-width="46" stroke-linecap="round"/>`;
    s += `<path d="${roundedPath([
      [-300, 1050, 100],
      [-330, 1380, 120],
      [330, 1380, 120],
      [300, 1050, 100],
      [0, 980, 60],
    ])}" fill="url(#${id}b)" stroke="${shade(paint, -0.45)}" stroke-width="14"/>`;
    s += `<ellipse cx="0" cy="-1180" rx="150" ry="120" fill="url(#${id}h)" stroke="#1e2024" stroke-width="20"/>`;
    s += `<path d="M-620 -1440L-250 -1400L250 -1400L620 -1440" stroke="#1e2024" stroke-width="40" fill="none" stroke-linecap="round"/>`;
    for (const side of [-1, 1]) {
      s += `<path d="M${side * 450} -1430L${side * 520} -1650" stroke="#1e2024" stroke-width="20"/>`;
      s += `<ellipse cx="${side * 540}" cy="-1700" rx="90" ry="60" fill="#1e2024"/>`;
      s += `<rect x="${side * 280 - 45}" y="-1160" width="90" height="50" rx="20" fill="#f2a33a"/>`;
    }
    s += `<path d="M-220 -1500Q0 -1620 220 -1500L180 -1400L-180 -1400Z" fill="url(#${id}g)" opacity="0.85"/>`;
  } else {
    s += `<path d="${roundedPath([
      [-280, 900, 80],
      [-220, 1120, 80],
      [220, 1120, 80],
      [280, 900, 80],
    ])}" fill="url(#${id}b)" stroke="${shade(paint, -0.45)}" stroke-width="12"/>`;
    s += `<rect x="-115" y="-680" width="230" height="680" rx="95" fill="#16181b"/>`;
    s += `<path d="M-160 -900L-240 -540M160 -900L240 -540" stroke="#2b2e33" stroke-width="50" stroke-linecap="round"/>`;
    s += `<path d="M230 -560Q330 -640 320 -900" stroke="#c5cacf" stroke-width="90" stroke-linecap="round" fill="none"/>`;
    s += `<path d="${roundedPath([
      [-330, 1000, 120],
      [-260, 1260, 120],
      [260, 1260, 120],
      [330, 1000, 120],
    ])}" fill="url(#${id}b)" stroke="${shade(paint, -0.45)}" stroke-width="14"/>`;
    s += `<path d="M-240 -1250Q0 -1340 240 -1250L200 -1200L-200 -1200Z" fill="#1e2024"/>`;
    s += `<rect x="-120" y="-1060" width="240" height="70" rx="25" fill="#c3121f"/>`;
    s += `<path d="M-60 -980L-40 -860L40 -860L60 -980" fill="#2b2e33"/>`;
    s += plateSvg(0, -860, 300, 120, plate, accent);
    for (const side of [-1, 1]) s += `<rect x="${side * 240 - 40}" y="-1000" width="80" height="45" rx="18" fill="#f2a33a"/>`;
    s += `<path d="M-560 -1420L-200 -1380L200 -1380L560 -1420" stroke="#1e2024" stroke-width="36" stroke-linecap="round" fill="none"/>`;
    for (const side of [-1, 1])
      s += `<path d="M${side * 420} -1410L${side * 500} -1600" stroke="#1e2024" stroke-width="18"/><ellipse cx="${side * 510}" cy="-1640" rx="85" ry="55" fill="#1e2024"/>`;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Interior

function interior(art: ArtKind, paint: string, id: string, scene: Scene): string {
  const night = scene === 'dusk';
  const sky = night ? ['#1e2a4a', '#f0925a'] : ['#8fc3ea', '#e6f1f8'];
  let s = `<defs><linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
<linearGradient id="${id}dash" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3e44"/><stop offset="0.25" stop-color="#24272b"/><stop offset="1" stop-color="#121315"/></linearGradient>
<radialGradient id="${id}scr" cx="0.3" cy="0.3" r="1"><stop offset="0" stop-color="#3f79c9"/><stop offset="1" stop-color="#0f1d33"/></radialGradient></defs>`;
  // View out of the windscreen.
  s += `<rect width="1280" height="720" fill="url(#${id}sky)"/>`;
  s += `<path d="M0 330L220 250L420 300L640 220L900 290L1280 240L1280 420L0 420Z" fill="${night ? '#2c2f45' : '#7a9a7e'}"/>`;
  s += `<path d="M560 330L720 330L1280 720L0 720Z" fill="${night ? '#2a2b30' : '#6b6f75'}"/>`;
  s += `<path d="M636 340L644 340L690 420L672 420Z" fill="#e8e8e8"/>`;
  if (art === 'motorcycle') {
    // Rider's view: tank, TFT, bars, mirrors.
    s += `<path d="M250 720Q320 470 640 450Q960 470 1030 720Z" fill="url(#${id}b)"/>`;
    s += `<path d="M420 720Q470 540 640 530Q810 540 860 720Z" fill="${shade(paint, 0.25)}" opacity="0.35"/>`;
    s += `<circle cx="640" cy="610" r="40" fill="#2b2e33" stroke="#9aa0a6" stroke-width="8"/>`;
    s += `<path d="M80 420L460 440Q640 430 820 440L1200 420" stroke="#1e2024" stroke-width="34" fill="none" stroke-linecap="round"/>`;
    s += `<rect x="60" y="395" width="140" height="55" rx="22" fill="#2b2e33"/><rect x="1080" y="395" width="140" height="55" rx="22" fill="#2b2e33"/>`;
    s += `<rect x="500" y="300" width="280" height="150" rx="22" fill="#111"/><rect x="515" y="315" width="250" height="120" rx="14" fill="url(#${id}scr)"/>`;
    s += `<text x="640" y="390" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="54" font-weight="700" fill="#fff" text-anchor="middle">0</text>`;
    s += `<text x="640" y="420" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="18" fill="#b8d4ff" text-anchor="middle">km/h  N</text>`;
    for (const x of [180, 1100])
      s += `<path d="M${x} 420L${x + (x < 640 ? -20 : 20)} 250" stroke="#1e2024" stroke-width="14"/><ellipse cx="${x + (x < 640 ? -30 : 30)}" cy="230" rx="70" ry="45" fill="#1e2024"/><ellipse cx="${x + (x < 640 ? -30 : 30)}" cy="230" rx="56" ry="33" fill="#7e94aa"/>`;
    return s;
  }
  const truck = art === 'lightTruck' || art === 'cabChassis';
  // A-pillars and roof lining frame the windscreen.
  s += `<path d="M0 0L1280 0L1280 90Q640 40 0 90Z" fill="#d9d4cb"/>`;
  s += `<path d="M0 0L170 0L60 470L0 500Z" fill="#2a2c30"/><path d="M1280 0L1110 0L1220 470L1280 500Z" fill="#2a2c30"/>`;
  s += `<rect x="590" y="70" width="100" height="40" rx="12" fill="#1d1f22"/><rect x="520" y="95" width="240" height="60" rx="14" fill="#1d1f22"/><rect x="530" y="103" width="220" height="44" rx="10" fill="#5f7185"/>`;
  // Dashboard.
  s += `<path d="M0 ${truck ? 430 : 400}Q640 ${truck ? 350 : 330} 1280 ${truck ? 430 : 400}L1280 720L0 720Z" fill="url(#${id}dash)"/>`;
  s += `<path d="M0 ${truck ? 470 : 440}Q640 ${truck ? 395 : 375} 1280 ${truck ? 470 : 440}" stroke="${shade(paint, -0.1)}" stroke-width="10" fill="none" opacity="0.9"/>`;
  // Centre screen and vents.
  s += `<rect x="560" y="400" width="300" height="180" rx="16" fill="#0b0c0e"/><rect x="572" y="412" width="276" height="156" rx="10" fill="url(#${id}scr)"/>`;
  s += `<path d="M590 540L640 470L690 510L760 440L830 500" stroke="#7fd0ff" stroke-width="6" fill="none"/>`;
  for (let i = 0; i < 4; i++) s += `<rect x="${590 + i * 66}" y="425" width="50" height="26" rx="6" fill="#ffffff" opacity="0.2"/>`;
  for (const x of [470, 880]) {
    s += `<rect x="${x}" y="450" width="70" height="60" rx="10" fill="#1b1c1f" stroke="#55595e" stroke-width="4"/>`;
    for (let y = 462; y < 505; y += 12) s += `<path d="M${x + 8} ${y}L${x + 62} ${y}" stroke="#55595e" stroke-width="4"/>`;
  }
  // Centre console and gear selector.
  s += `<path d="M560 600L860 600L900 720L520 720Z" fill="#1b1c1f"/><rect x="690" y="625" width="40" height="70" rx="16" fill="#3a3e44" stroke="#8d939a" stroke-width="3"/>`;
  // Instrument cluster behind the wheel.
  const wx = truck ? 330 : 330;
  s += `<rect x="${wx - 150}" y="400" width="300" height="110" rx="24" fill="#0b0c0e"/>`;
  for (const dx of [-70, 70]) {
    s += `<circle cx="${wx + dx}" cy="455" r="44" fill="#101418" stroke="#6fb5ff" stroke-width="4"/>`;
    s += `<path d="M${wx + dx} 455L${wx + dx + 28} 430" stroke="#ff5a3c" stroke-width="5"/>`;
  }
  // Steering wheel.
  const R = truck ? 210 : 180;
  const wy = 650;
  s += `<circle cx="${wx}" cy="${wy}" r="${R}" fill="none" stroke="#15171a" stroke-width="${truck ? 44 : 40}"/>`;
  s += `<circle cx="${wx}" cy="${wy}" r="${R}" fill="none" stroke="#3a3e44" stroke-width="6" stroke-dasharray="${n(R * 0.8)} ${n(R * 5)}" transform="rotate(200 ${wx} ${wy})"/>`;
  s += `<path d="M${wx - R} ${wy}L${wx - 60} ${wy + 10}M${wx + R} ${wy}L${wx + 60} ${wy + 10}M${wx} ${wy + 60}L${wx} ${wy + R}" stroke="#1d1f22" stroke-width="46"/>`;
  s += `<ellipse cx="${wx}" cy="${wy + 10}" rx="90" ry="70" fill="#1d1f22" stroke="#3a3e44" stroke-width="4"/>`;
  s += `<ellipse cx="${wx}" cy="${wy + 8}" rx="34" ry="20" fill="url(#${id}r)"/>`;
  // Passenger seat edge.
  s += `<path d="M1000 720Q1010 600 1120 580Q1230 570 1280 600L1280 720Z" fill="#2d2f33"/>`;
  return s;
}

// ---------------------------------------------------------------------------------------------
// Scenes

function backdrop(scene: Scene, accent: string, id: string, groundY: number): string {
  switch (scene) {
    case 'showroom': {
      const wall = mix('#e9ebee', accent, 0.06);
      return `<defs><linearGradient id="${id}wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(wall, -0.12)}"/><stop offset="1" stop-color="${wall}"/></linearGradient>
<linearGradient id="${id}floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9ccd0"/><stop offset="1" stop-color="#f1f2f4"/></linearGradient>
<radialGradient id="${id}spot" cx="0.5" cy="0" r="1"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="1280" height="${groundY - 40}" fill="url(#${id}wall)"/>
<rect y="${groundY - 170}" width="1280" height="18" fill="${accent}" opacity="0.85"/>
<rect x="80" y="70" width="300" height="${groundY - 270}" fill="#fff" opacity="0.35"/>
<rect x="900" y="70" width="300" height="${groundY - 270}" fill="#fff" opacity="0.35"/>
<ellipse cx="230" cy="0" rx="220" ry="330" fill="url(#${id}spot)"/><ellipse cx="640" cy="0" rx="260" ry="360" fill="url(#${id}spot)"/><ellipse cx="1050" cy="0" rx="220" ry="330" fill="url(#${id}spot)"/>
<rect y="${groundY - 40}" width="1280" height="${720 - groundY + 40}" fill="url(#${id}floor)"/>
<path d="M0 ${groundY - 40}L1280 ${groundY - 40}" stroke="#b0b4b9" stroke-width="2"/>
${[...Array(7)].map((_, i) => `<path d="M${i * 213 + 40} ${groundY - 40}L${i * 330 - 350} 720" stroke="#b9bdc2" stroke-width="2" opacity="0.6"/>`).join('')}`;
    }
    case 'studio':
      return `<defs><radialGradient id="${id}st" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d4d8dd"/></radialGradient></defs>
<rect width="1280" height="720" fill="url(#${id}st)"/>`;
    case 'coast':
      return `<defs><linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fa8e0"/><stop offset="1" stop-color="#d7ecf7"/></linearGradient>
<linearGradient id="${id}sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2c7fb3"/><stop offset="1" stop-color="#4fb0c9"/></linearGradient>
<linearGradient id="${id}road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8e9296"/><stop offset="1" stop-color="#5d6166"/></linearGradient></defs>
<rect width="1280" height="${groundY}" fill="url(#${id}sky)"/>
<ellipse cx="300" cy="110" rx="140" ry="28" fill="#fff" opacity="0.8"/><ellipse cx="380" cy="95" rx="90" ry="26" fill="#fff" opacity="0.85"/><ellipse cx="1010" cy="150" rx="160" ry="24" fill="#fff" opacity="0.7"/>
<rect y="${groundY - 200}" width="1280" height="70" fill="url(#${id}sea)"/>
<path d="M0 ${groundY - 200}L0 ${groundY - 260}Q120 ${groundY - 300} 260 ${groundY - 230}L330 ${groundY - 200}Z" fill="#5b7a4f"/>
<path d="M1280 ${groundY - 200}L1280 ${groundY - 330}Q1120 ${groundY - 350} 960 ${groundY - 240}L900 ${groundY - 200}Z" fill="#4d6e45"/>
<path d="M0 ${groundY - 130}L1280 ${groundY - 130}L1280 ${groundY - 90}L0 ${groundY - 90}Z" fill="#e6d5ad"/>
<rect y="${groundY - 90}" width="1280" height="${720 - groundY + 90}" fill="url(#${id}road)"/>
${[...Array(6)].map((_, i) => `<rect x="${i * 240 - 40}" y="${groundY + 36}" width="130" height="9" fill="#f4f4f4" opacity="0.8"/>`).join('')}`;
    case 'city':
      return `<defs><linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9bbbd6"/><stop offset="1" stop-color="#e9eef2"/></linearGradient></defs>
<rect width="1280" height="${groundY}" fill="url(#${id}sky)"/>
${[
  [0, 200, 160],
  [150, 120, 130],
  [270, 260, 110],
  [370, 170, 150],
  [510, 90, 120],
  [620, 230, 170],
  [780, 140, 120],
  [890, 300, 130],
  [1010, 180, 150],
  [1150, 240, 130],
]
  .map(
    ([x, h, w], i) =>
      `<rect x="${x}" y="${groundY - 110 - h! - 120}" width="${w}" height="${h! + 120}" fill="${['#b7c4cf', '#a7b6c3', '#c3ced7'][i % 3]}"/>` +
      [...Array(Math.floor((h! + 100) / 40))]
        .map((_, k) => `<rect x="${x! + 12}" y="${groundY - 220 - h! + 20 + k * 40}" width="${w! - 24}" height="14" fill="#dfe7ee" opacity="0.7"/>`)
        .join(''),
  )
  .join('')}
<rect y="${groundY - 110}" width="1280" height="40" fill="#c4c7ca"/>
<rect y="${groundY - 70}" width="1280" height="${720 - groundY + 70}" fill="#6e7277"/>
${[...Array(6)].map((_, i) => `<rect x="${i * 240 + 40}" y="${groundY + 40}" width="130" height="9" fill="#f0f0f0" opacity="0.7"/>`).join('')}`;
    case 'dusk':
    case 'cabin':
    default:
      return `<defs><linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#27325a"/><stop offset="0.55" stop-color="#b0607a"/><stop offset="1" stop-color="#f4a460"/></linearGradient>
<linearGradient id="${id}road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b3d44"/><stop offset="1" stop-color="#24252a"/></linearGradient></defs>
<rect width="1280" height="${groundY}" fill="url(#${id}sky)"/>
<circle cx="980" cy="${groundY - 190}" r="60" fill="#ffd59a" opacity="0.9"/>
<path d="M0 ${groundY - 150}L90 ${groundY - 240}L170 ${groundY - 170}L260 ${groundY - 280}L380 ${groundY - 160}L520 ${groundY - 230}L660 ${groundY - 150}L800 ${groundY - 260}L930 ${groundY - 170}L1080 ${groundY - 250}L1200 ${groundY - 160}L1280 ${groundY - 210}L1280 ${groundY - 90}L0 ${groundY - 90}Z" fill="#3c2f4d" opacity="0.85"/>
${[...Array(8)].map((_, i) => `<rect x="${i * 170 + 30}" y="${groundY - 150}" width="6" height="60" fill="#1d1b26"/><circle cx="${i * 170 + 33}" cy="${groundY - 152}" r="9" fill="#ffe4a8"/>`).join('')}
<rect y="${groundY - 90}" width="1280" height="${720 - groundY + 90}" fill="url(#${id}road)"/>
<rect y="${groundY + 50}" width="1280" height="6" fill="#e8c66a" opacity="0.7"/>`;
  }
}

function watermark(text: string, light: boolean): string {
  const t = esc(text);
  const fill = light ? '#ffffff' : '#1c232b';
  return `<g font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="24" font-weight="700" text-anchor="end" opacity="0.5">
<text x="1243" y="693" fill="${light ? '#000' : '#fff'}" opacity="0.5">${t}</text><text x="1241" y="691" fill="${fill}">${t}</text></g>`;
}

/**
 * One frame of a turntable spin: the side view compressed by |cos| beside the front or rear face
 * compressed by |sin|, both at one scale, so the sequence reads as the car turning in place.
 */
function turntable(spec: PhotoSpec, paint: string, turn: number): string {
  const id = 'p';
  const groundY = 590;
  const rad = (turn * Math.PI) / 180;
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  const side = sideVehicle(spec.art, paint, id);
  const faceW = spec.art === 'motorcycle' ? 900 : FACES[spec.art].width;
  const k = Math.min(980 / side.length, 380 / side.height);
  const sideW = side.length * k * Math.abs(c);
  const faceW2 = faceW * k * Math.abs(s);
  const x0 = (WIDTH - sideW - faceW2) / 2;
  // Front face when sin > 0, rear otherwise; it sits left of the side view when cos and sin agree.
  const faceLeft = c * s > 0;
  const xs = faceLeft ? x0 + faceW2 : x0;
  const xf = faceLeft ? x0 : x0 + sideW;
  const rear = s < 0;
  const face =
    spec.art === 'motorcycle'
      ? faceMotorcycle(rear, paint, id, spec.accent, spec.plate ?? 'DEMO')
      : faceView(spec.art, rear, paint, id, spec.accent, spec.plate ?? 'DEMO');
  let body = backdrop('studio', spec.accent, 'bg', groundY) + `<defs>${defs(id, paint)}</defs>`;
  body += `<ellipse cx="640" cy="${groundY + 4}" rx="${n((sideW + faceW2) * 0.56 + 20)}" ry="30" fill="url(#${id}s)"/>`;
  if (Math.abs(c) > 0.02) {
    const t = c > 0 ? `translate(${n(xs)} ${groundY}) scale(${n3(k * c)} ${n3(k)})` : `translate(${n(xs + sideW)} ${groundY}) scale(${n3(k * c)} ${n3(k)})`;
    body += `<g transform="${t}">${side.svg}</g>`;
  }
  if (Math.abs(s) > 0.02) body += `<g transform="translate(${n(xf + faceW2 / 2)} ${groundY}) scale(${n3(k * Math.abs(s))} ${n3(k)})">${face}</g>`;
  return body;
}

const n3 = (x: number): string => (Math.round(x * 10000) / 10000).toString();

/** The complete SVG document for one photo. */
export function renderSvg(spec: PhotoSpec): string {
  // Interiors are shared by every colour of a body type (except a motorcycle's tank).
  const paint = spec.view === 'interior' && spec.art !== 'motorcycle' ? '#7a8088' : (PAINT[spec.colour] ?? PAINT.White!);
  const id = 'p';
  const plate = spec.plate ?? 'DEMO';
  let body = '';
  let lightMark = true;
  if (spec.view === 'interior' && spec.panorama) {
    const cabin = interior(spec.art, paint, id, spec.scene);
    const w = WIDTH * 2;
    const q = WIDTH / 2;
    body =
      `<defs>${defs(id, paint)}</defs>` +
      `<g transform="translate(${q} 0) scale(-1 1)">${cabin}</g>` +
      `<g transform="translate(${w + q} 0) scale(-1 1)">${cabin}</g>` +
      `<g transform="translate(${q} 0)">${cabin}</g>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${HEIGHT}" viewBox="0 0 ${w} ${HEIGHT}">${body}${watermark(spec.watermark, true)}</svg>`;
  } else if (spec.view === 'interior') {
    body = `<defs>${defs(id, paint)}</defs>` + interior(spec.art, paint, id, spec.scene);
  } else if (spec.turn !== undefined) {
    body = turntable(spec, paint, spec.turn);
    lightMark = false;
  } else {
    const groundY = spec.view === 'side' ? 560 : 610;
    body = backdrop(spec.scene, spec.accent, 'bg', groundY) + `<defs>${defs(id, paint)}</defs>`;
    lightMark = spec.scene !== 'showroom' && spec.scene !== 'studio';
    if (spec.view === 'side') {
      const v = sideVehicle(spec.art, paint, id);
      const maxW = spec.art === 'motorcycle' ? 860 : 1080;
      const scale = Math.min(maxW / v.length, 400 / v.height);
      const w = v.length * scale;
      const x0 = (WIDTH - w) / 2;
      const flip = spec.mirror ? `translate(${n(x0 + w)} ${groundY}) scale(${-scale} ${scale})` : `translate(${n(x0)} ${groundY}) scale(${scale})`;
      body += `<ellipse cx="640" cy="${groundY + 4}" rx="${n(w * 0.56)}" ry="${n(30)}" fill="url(#${id}s)"/>`;
      if (spec.scene === 'showroom' || spec.scene === 'studio') {
        const reflect = spec.mirror
          ? `translate(${n(x0 + w)} ${groundY}) scale(${-scale} ${-scale})`
          : `translate(${n(x0)} ${groundY}) scale(${scale} ${-scale})`;
        body += `<g transform="${reflect}" opacity="0.13">${v.svg}</g>`;
        body += `<rect y="${groundY}" width="1280" height="${720 - groundY}" fill="${spec.scene === 'studio' ? '#e4e7ea' : '#eceef0'}" opacity="0.45"/>`;
      }
      body += `<g transform="${flip}">${v.svg}</g>`;
    } else {
      const rear = spec.view === 'rear';
      const w = spec.art === 'motorcycle' ? 1300 : FACES[spec.art].width;
      const h = spec.art === 'motorcycle' ? 1500 : spec.art === 'lightTruck' && rear ? 3200 : FACES[spec.art].roof;
      const scale = Math.min(560 / w, 470 / h);
      body += `<ellipse cx="640" cy="${groundY + 2}" rx="${n(w * scale * 0.62)}" ry="26" fill="url(#${id}s)"/>`;
      const g = spec.art === 'motorcycle' ? faceMotorcycle(rear, paint, id, spec.accent, plate) : faceView(spec.art, rear, paint, id, spec.accent, plate);
      const sc = Math.round(scale * 1000) / 1000;
      if (spec.scene === 'showroom' || spec.scene === 'studio') {
        body += `<g transform="translate(640 ${groundY}) scale(${sc} ${-sc})" opacity="0.12">${g}</g>`;
      }
      body += `<g transform="translate(640 ${groundY}) scale(${sc})">${g}</g>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}${watermark(spec.watermark, lightMark)}</svg>`;
}
