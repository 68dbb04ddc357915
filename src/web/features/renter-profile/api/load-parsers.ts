/** The renter profile's zod checks, loaded on first use (see parsers.ts). */
export const loadParsers = () => import('./parsers.ts');
