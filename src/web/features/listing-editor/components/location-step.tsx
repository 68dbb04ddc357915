import { useId } from 'react';
import { BOROUGHS, NEIGHBORHOODS } from '../../../../shared/neighborhoods.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { FormStepProps } from './step-props.ts';

/**
 * Step 2: the address, the neighborhood (whose center places the pin for now) and whether
 * renters' maps show the exact spot or only the block around it.
 */
export function LocationStep({ register, errors }: FormStepProps) {
  const hintId = useId();
  return (
    <>
      <TextField
        label="Street address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField label="Unit" error={errors.unit?.message} {...register('unit')} />
      <SelectField
        label="Neighborhood"
        error={errors.neighborhood?.message}
        {...register('neighborhood')}
      >
        <option value="">Choose a neighborhood</option>
        {BOROUGHS.map((b) => (
          <optgroup key={b.slug} label={b.name}>
            {NEIGHBORHOODS.filter((n) => n.borough === b.slug).map((n) => (
              <option key={n.slug} value={n.slug}>
                {n.name}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            aria-describedby={hintId}
            {...register('showExactLocation')}
          />
          Show the exact location on the map
        </label>
        <p id={hintId} className="ml-6 text-sm text-stone-600">
          When off, renters see the approximate location (within about a block) and the street
          without the building number or unit. Renters who book a tour get the full address.
        </p>
      </div>
    </>
  );
}
