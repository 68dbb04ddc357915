import { createHash } from 'node:crypto';

/**
 * Stable ids of the demo data, apart from the seed itself so tests (the e2e suite too) can name
 * a seeded row without loading the seeder and its image tooling.
 */

/** A stable UUID (v4 layout) named by `text`. */
export function stableUuid(text: string): string {
  const h = createHash('sha256').update(`stoop-seed:${text}`).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const seedListingId = (i: number) => stableUuid(`listing-${i}`);
