import { findNeighborhood } from '../../../shared/neighborhoods.ts';
import { formatInteger, formatMoney } from '../../lib/format.ts';
import type { MapPin } from './clusters.ts';

/** The rent on a pin: "$3,200", or "$12.5k" past ten thousand (keeps pins narrow). */
export function pinLabel(rentCents: number): string {
  const dollars = rentCents / 100;
  if (dollars >= 10_000) return `$${Math.round(dollars / 100) / 10}k`;
  return formatMoney(Math.round(dollars) * 100);
}

/** A pin's accessible name: "$3,200, 2 bd in Williamsburg" (as much as is known). */
export function pinName(pin: MapPin): string {
  const parts = [formatMoney(Math.round(pin.rentCents / 100) * 100)];
  const beds =
    pin.bedrooms === null || pin.bedrooms === undefined
      ? ''
      : pin.bedrooms === 0
        ? 'studio'
        : `${pin.bedrooms} bd`;
  const place = pin.neighborhood ? (findNeighborhood(pin.neighborhood)?.name ?? '') : '';
  if (beds && place) parts.push(`${beds} in ${place}`);
  else if (beds) parts.push(beds);
  else if (place) parts.push(`in ${place}`);
  return parts.join(', ');
}

export function clusterName(count: number): string {
  return `${formatInteger(count)} apartments here, zoom in`;
}
