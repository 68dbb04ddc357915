/**
 * Demo photos drawn on this machine: simple SVG scenes of facades and rooms in varied colours,
 * rendered by sharp. No network, no binary fixtures in the repository.
 */

export type SceneKind = 'facade' | 'living' | 'kitchen' | 'bedroom' | 'bath';

export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;

type Rand = () => number;

const pick = <T>(rand: Rand, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)] as T;
const between = (rand: Rand, lo: number, hi: number) => lo + rand() * (hi - lo);

const BRICK = [
  '#8c3b2e',
  '#a0522d',
  '#7a4a3a',
  '#b5651d',
  '#6e3b2a',
  '#9b6b4e',
  '#c2a38a',
  '#8a8d91',
];
const TRIM = ['#f4efe6', '#2f3b45', '#e8dcc8', '#1f2a30', '#ffffff', '#3c4a3e'];
const WALLS = [
  '#f3ede2',
  '#e9efe9',
  '#efe6f0',
  '#f6f1d7',
  '#e3ecf3',
  '#f1e3d8',
  '#dfe8dc',
  '#f7f7f2',
];
const FLOORS = ['#b07a4a', '#8b5a2b', '#c9a27a', '#a47148', '#d2b48c', '#7b4f2c'];
const FABRIC = [
  '#3d5a80',
  '#98c1d9',
  '#ee6c4d',
  '#293241',
  '#6a994e',
  '#bc4749',
  '#f2cc8f',
  '#81b29a',
];
const SKY = [
  ['#8ec5ff', '#dff1ff'],
  ['#f9c784', '#fde9c9'],
  ['#a7c7e7', '#f0f6ff'],
  ['#b8a9d9', '#f3e9ff'],
];

function windowGrid(rand: Rand, x: number, y: number, w: number, h: number, trim: string) {
  const cols = 3 + Math.floor(rand() * 3);
  const rows = 3 + Math.floor(rand() * 3);
  const cw = w / cols;
  const rh = h / rows;
  const parts: string[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const wx = x + c * cw + cw * 0.22;
      const wy = y + r * rh + rh * 0.18;
      const lit = rand() < 0.3 ? '#ffe9a8' : '#9fc3d6';
      parts.push(
        `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="${(cw * 0.56).toFixed(0)}" height="${(rh * 0.62).toFixed(0)}" fill="${lit}" stroke="${trim}" stroke-width="8"/>`,
      );
    }
  }
  return parts.join('');
}

function facade(rand: Rand): string {
  const [top, bottom] = pick(rand, SKY);
  const brick = pick(rand, BRICK);
  const trim = pick(rand, TRIM);
  const bx = between(rand, 140, 300);
  const bw = SCENE_WIDTH - bx * 2;
  const by = between(rand, 70, 180);
  const tree = rand() < 0.6;
  return `
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="url(#s)"/>
    <rect x="0" y="690" width="${SCENE_WIDTH}" height="110" fill="#9a9a96"/>
    <rect x="${bx}" y="${by}" width="${bw}" height="${690 - by}" fill="${brick}"/>
    <rect x="${bx - 14}" y="${by - 24}" width="${bw + 28}" height="30" fill="${trim}"/>
    ${windowGrid(rand, bx + 20, by + 30, bw - 40, 470 - by, trim)}
    <rect x="${SCENE_WIDTH / 2 - 60}" y="530" width="120" height="160" fill="${pick(rand, ['#2b2d42', '#5c4033', '#264653', '#7f1d1d'])}" stroke="${trim}" stroke-width="10"/>
    <polygon points="${SCENE_WIDTH / 2 - 120},690 ${SCENE_WIDTH / 2 + 120},690 ${SCENE_WIDTH / 2 + 90},640 ${SCENE_WIDTH / 2 - 90},640" fill="#b9b2a6"/>
    ${tree ? `<rect x="${bx - 90}" y="520" width="22" height="170" fill="#5b3a29"/><circle cx="${bx - 79}" cy="480" r="${between(rand, 70, 110).toFixed(0)}" fill="${pick(rand, ['#4f772d', '#6a994e', '#90a955', '#d08c60'])}"/>` : ''}`;
}

function room(rand: Rand, furniture: (wall: string, floor: string) => string): string {
  const wall = pick(rand, WALLS);
  const floor = pick(rand, FLOORS);
  const [top] = pick(rand, SKY);
  const wx = between(rand, 120, 700);
  return `
    <rect width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="${wall}"/>
    <polygon points="0,560 ${SCENE_WIDTH},560 ${SCENE_WIDTH},${SCENE_HEIGHT} 0,${SCENE_HEIGHT}" fill="${floor}"/>
    <rect x="${wx}" y="110" width="300" height="280" fill="${top}" stroke="#ffffff" stroke-width="16"/>
    <line x1="${wx + 150}" y1="110" x2="${wx + 150}" y2="390" stroke="#ffffff" stroke-width="10"/>
    ${furniture(wall, floor)}`;
}

function living(rand: Rand) {
  return room(rand, () => {
    const sofa = pick(rand, FABRIC);
    const rug = pick(rand, FABRIC);
    const sx = between(rand, 150, 500);
    return `
      <ellipse cx="${sx + 230}" cy="690" rx="360" ry="70" fill="${rug}" opacity="0.8"/>
      <rect x="${sx}" y="470" width="460" height="150" rx="24" fill="${sofa}"/>
      <rect x="${sx + 20}" y="420" width="420" height="90" rx="20" fill="${sofa}" opacity="0.85"/>
      <rect x="${sx + 40}" y="440" width="90" height="70" rx="14" fill="${pick(rand, FABRIC)}"/>
      <rect x="${sx + 330}" y="440" width="90" height="70" rx="14" fill="${pick(rand, FABRIC)}"/>
      <rect x="${sx + 560}" y="300" width="10" height="320" fill="#333"/>
      <polygon points="${sx + 520},300 ${sx + 610},300 ${sx + 590},240 ${sx + 540},240" fill="#f6e7b4"/>
      <rect x="${between(rand, 820, 960)}" y="170" width="150" height="110" fill="${pick(rand, FABRIC)}" stroke="#3a3a3a" stroke-width="8"/>`;
  });
}

function kitchen(rand: Rand) {
  return room(rand, () => {
    const cabinet = pick(rand, ['#ffffff', '#2f3e46', '#84a98c', '#d9d9d9', '#6b705c', '#e9c46a']);
    const parts = [`<rect x="60" y="420" width="1080" height="200" fill="${cabinet}"/>`];
    parts.push('<rect x="50" y="400" width="1100" height="26" fill="#cfcfcf"/>');
    for (let i = 0; i < 6; i += 1) {
      parts.push(
        `<rect x="${80 + i * 176}" y="445" width="150" height="155" fill="none" stroke="#00000030" stroke-width="6"/>`,
      );
      parts.push(`<rect x="${80 + i * 176}" y="40" width="150" height="150" fill="${cabinet}"/>`);
    }
    parts.push(
      `<rect x="${between(rand, 60, 900)}" y="220" width="180" height="400" fill="#c0c4c8" stroke="#8d9196" stroke-width="6"/>`,
    );
    return parts.join('');
  });
}

function bedroom(rand: Rand) {
  return room(rand, () => {
    const bx = between(rand, 200, 520);
    const cover = pick(rand, FABRIC);
    return `
      <rect x="${bx - 20}" y="330" width="480" height="190" rx="16" fill="${pick(rand, ['#5c4033', '#2f3e46', '#d6ccc2', '#343a40'])}"/>
      <rect x="${bx}" y="470" width="440" height="170" rx="12" fill="${cover}"/>
      <rect x="${bx + 30}" y="430" width="160" height="60" rx="20" fill="#fdfdfd"/>
      <rect x="${bx + 250}" y="430" width="160" height="60" rx="20" fill="#fdfdfd"/>
      <rect x="${bx + 500}" y="480" width="110" height="140" fill="#8d6e63"/>
      <circle cx="${bx + 555}" cy="450" r="34" fill="#ffe8a3"/>`;
  });
}

function bath(rand: Rand) {
  const tile = pick(rand, ['#e0f2f1', '#f5f5f5', '#e3f2fd', '#fce4ec', '#ede7f6']);
  const parts = [`<rect width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="${tile}"/>`];
  for (let x = 0; x < SCENE_WIDTH; x += 60) {
    parts.push(
      `<line x1="${x}" y1="0" x2="${x}" y2="${SCENE_HEIGHT}" stroke="#00000014" stroke-width="3"/>`,
    );
  }
  for (let y = 0; y < SCENE_HEIGHT; y += 60) {
    parts.push(
      `<line x1="0" y1="${y}" x2="${SCENE_WIDTH}" y2="${y}" stroke="#00000014" stroke-width="3"/>`,
    );
  }
  const tx = between(rand, 80, 500);
  parts.push(
    `<rect x="${tx}" y="470" width="560" height="200" rx="60" fill="#ffffff" stroke="#cfd8dc" stroke-width="8"/>`,
    `<rect x="${tx + 640}" y="380" width="200" height="280" fill="${pick(rand, FABRIC)}"/>`,
    `<rect x="${tx + 660}" y="160" width="160" height="200" rx="80" fill="#cfe8ef" stroke="#b0bec5" stroke-width="8"/>`,
  );
  return parts.join('');
}

const DRAW: Record<SceneKind, (rand: Rand) => string> = { facade, living, kitchen, bedroom, bath };

export function drawScene(kind: SceneKind, rand: Rand): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">${DRAW[kind](rand)}</svg>`;
}
