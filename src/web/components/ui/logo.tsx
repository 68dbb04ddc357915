import { cn } from '../../lib/cn.ts';

/** 5x7 dot-matrix glyphs for the letters of our product name. */
const GLYPHS: Record<string, readonly string[]> = {
  S: ['.###.', '#...#', '#....', '.###.', '....#', '#...#', '.###.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
};

const WORD = 'STOOP';
const COLUMNS = 5;
const ROWS = 7;
const GAP = 1;
const WIDTH = WORD.length * (COLUMNS + GAP) - GAP;

type Dot = { x: number; y: number; on: boolean };

function dots(): Dot[] {
  const out: Dot[] = [];
  [...WORD].forEach((letter, index) => {
    const glyph = GLYPHS[letter] ?? [];
    glyph.forEach((row, y) => {
      [...row].forEach((cell, x) => {
        out.push({ x: index * (COLUMNS + GAP) + x + 0.5, y: y + 0.5, on: cell === '#' });
      });
    });
  });
  return out;
}

/** One path of circles (two arcs each) keeps the SVG to a couple of DOM nodes. */
function circlesPath(points: Dot[], radius: number): string {
  return points
    .map(
      ({ x, y }) =>
        `M${x - radius} ${y}a${radius} ${radius} 0 1 0 ${2 * radius} 0a${radius} ${radius} 0 1 0 ${-2 * radius} 0`,
    )
    .join('');
}

const ALL_DOTS = dots();
const ON_PATH = circlesPath(
  ALL_DOTS.filter((d) => d.on),
  0.4,
);
const OFF_PATH = circlesPath(
  ALL_DOTS.filter((d) => !d.on),
  0.22,
);

type LogoProps = {
  className?: string;
  /** Hide the unlit dots (e.g. on a dark background). */
  litOnly?: boolean;
};

/**
 * The dot-matrix STOOP logo (docs/spec.md §2, docs/architecture.md §6). Colour follows
 * `currentColor`.
 */
export function Logo({ className, litOnly = false }: LogoProps) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${ROWS}`}
      className={cn('h-7 w-auto', className)}
      role="img"
      aria-label="STOOP"
      focusable="false"
    >
      {litOnly ? null : <path d={OFF_PATH} fill="currentColor" opacity="0.18" />}
      <path d={ON_PATH} fill="currentColor" />
    </svg>
  );
}
