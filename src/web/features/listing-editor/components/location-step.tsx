import { BOROUGHS, NEIGHBORHOODS } from '../../../../shared/neighborhoods.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { FormStepProps } from './step-props.ts';

/** Step 2: the address and the neighborhood (whose center places the pin for now). */
export function LocationStep({ register, errors }: FormStepProps) {
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
    </>
  );
}
