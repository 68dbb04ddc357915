/*
 * Numbers in en-US, hand-written: no Intl, whose first call loads ICU's locale data
 * (25-65 ms on this machine) inside the first render of the search and listing pages.
 */

/** A whole number with thousands separators: 12500 -> "12,500". */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
