import { AMENITIES } from '../../../../shared/listings.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { SelectField, type SelectOptions } from '../../../components/ui/select-field.tsx';
import type { FormStepProps } from './step-props.ts';

const PET_OPTIONS: SelectOptions = [
  ['', 'Choose'],
  ['none', 'No pets'],
  ['cats', 'Cats'],
  ['dogs', 'Dogs'],
  ['cats_and_dogs', 'Cats and dogs'],
];
const LAUNDRY_OPTIONS: SelectOptions = [
  ['', 'Choose'],
  ['in_unit', 'In unit'],
  ['in_building', 'In building'],
  ['none', 'None'],
];

/** Step 4: rooms, size, dates, pets, laundry and amenities. */
export function DetailsStep({ register, errors }: FormStepProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Bedrooms (0 for a studio)"
          type="number"
          min={0}
          error={errors.bedrooms?.message}
          {...register('bedrooms')}
        />
        <TextField
          label="Bathrooms"
          type="number"
          min={1}
          step={0.5}
          error={errors.bathrooms?.message}
          {...register('bathrooms')}
        />
        <TextField
          label="Square feet"
          type="number"
          min={0}
          error={errors.sqft?.message}
          {...register('sqft')}
        />
        <TextField
          label="Available from"
          type="date"
          error={errors.availableFrom?.message}
          {...register('availableFrom')}
        />
        <TextField
          label="Lease term (months)"
          type="number"
          min={1}
          error={errors.leaseTermMonths?.message}
          {...register('leaseTermMonths')}
        />
        <SelectField
          label="Pets"
          error={errors.pets?.message}
          options={PET_OPTIONS}
          {...register('pets')}
        />
        <SelectField
          label="Laundry"
          error={errors.laundry?.message}
          options={LAUNDRY_OPTIONS}
          {...register('laundry')}
        />
      </div>
      <fieldset>
        <legend className="mb-2 font-semibold text-stone-900">Amenities</legend>
        <div className="grid gap-1 sm:grid-cols-3">
          {AMENITIES.map((a) => (
            <label key={a.slug} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                value={a.slug}
                className="size-4 accent-brand-700"
                {...register('amenities')}
              />
              {a.name}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
