import type { Fee } from '../../../shared/schemas/listings.ts';

export type CostLine = { label: string; cents: number; required: boolean };

export type CostBreakdown = {
  /** Rent plus required monthly fees. */
  monthly: CostLine[];
  monthlyTotalCents: number;
  /** First month's rent plus required one-time fees. */
  moveIn: CostLine[];
  moveInTotalCents: number;
  /** Fees a tenant may opt into. */
  optional: Array<CostLine & { frequency: Fee['frequency'] }>;
};

/** The monthly and move-in costs of a listing from its rent and disclosed fees. */
export function costBreakdown(
  rentCents: number,
  fees: readonly Fee[],
  nameOf: (type: string) => string,
): CostBreakdown {
  const label = (fee: Fee) => fee.description || nameOf(fee.type);
  const monthly: CostLine[] = [{ label: 'Rent', cents: rentCents, required: true }];
  const moveIn: CostLine[] = [{ label: "First month's rent", cents: rentCents, required: true }];
  const optional: CostBreakdown['optional'] = [];
  for (const fee of fees) {
    const line = { label: label(fee), cents: fee.amountCents, required: fee.required };
    if (!fee.required) optional.push({ ...line, frequency: fee.frequency });
    else if (fee.frequency === 'monthly') {
      monthly.push(line);
      moveIn.push({ ...line, label: `${line.label} (first month)` });
    } else moveIn.push(line);
  }
  const sum = (lines: CostLine[]) => lines.reduce((total, l) => total + l.cents, 0);
  return {
    monthly,
    monthlyTotalCents: sum(monthly),
    moveIn,
    moveInTotalCents: sum(moveIn),
    optional,
  };
}
