/* Money is typed in dollars and sent in cents (docs/architecture.md §3). */

/** Cents as dollars for a field: 450000 → "4500", 123456 → "1234.56". */
export function dollarsOf(cents: number | undefined | null): string {
  if (cents === undefined || cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Dollars as typed ("$4,500.50") in cents; NaN when it is no amount or blank. */
export function centsOf(dollars: string): number {
  const clean = dollars.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}
