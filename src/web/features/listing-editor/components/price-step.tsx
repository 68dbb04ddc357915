import { useFieldArray } from 'react-hook-form';
import { FEE_TYPES } from '../../../../shared/listings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { SelectField, type SelectOptions } from '../../../components/ui/select-field.tsx';
import type { FeeValues } from '../listing-form-values.ts';
import type { FormStepProps } from './step-props.ts';

const FEE_TYPE_OPTIONS: SelectOptions = FEE_TYPES.map((t) => [t.slug, t.name]);
const FREQUENCY_OPTIONS: SelectOptions = [
  ['one_time', 'One-time'],
  ['monthly', 'Monthly'],
];
const NEW_FEE: FeeValues = {
  type: 'security_deposit',
  amount: '',
  frequency: 'one_time',
  required: true,
  description: '',
};

/** Step 3: the rent, free months and the fees the tenant pays. */
export function PriceStep({ register, errors, control }: FormStepProps) {
  const fees = useFieldArray({ control, name: 'fees' });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Monthly rent ($)"
          type="number"
          inputMode="decimal"
          min={0}
          error={errors.rent?.message}
          {...register('rent')}
        />
        <TextField
          label="Free months"
          type="number"
          min={0}
          max={12}
          error={errors.freeMonths?.message}
          {...register('freeMonths')}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold text-stone-900">Fees the tenant pays</legend>
        <p className="text-sm text-stone-600">
          No broker fees: under the FARE Act the landlord pays the broker they hire.
        </p>
        {fees.fields.map((field, i) => {
          const feeErrors = errors.fees?.[i];
          return (
            <div
              key={field.id}
              className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-2"
            >
              <SelectField
                label={`Fee ${i + 1} type`}
                error={feeErrors?.type?.message}
                options={FEE_TYPE_OPTIONS}
                {...register(`fees.${i}.type`)}
              />
              <TextField
                label={`Fee ${i + 1} amount ($)`}
                type="number"
                min={0}
                error={feeErrors?.amount?.message}
                {...register(`fees.${i}.amount`)}
              />
              <SelectField
                label={`Fee ${i + 1} frequency`}
                error={feeErrors?.frequency?.message}
                options={FREQUENCY_OPTIONS}
                {...register(`fees.${i}.frequency`)}
              />
              <TextField
                label={`Fee ${i + 1} description`}
                error={feeErrors?.description?.message}
                {...register(`fees.${i}.description`)}
              />
              <label className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  {...register(`fees.${i}.required`)}
                />
                Required
              </label>
              <div className="flex justify-end">
                <Button variant="ghost" size="sm" onClick={() => fees.remove(i)}>
                  Remove fee {i + 1}
                </Button>
              </div>
            </div>
          );
        })}
        <div>
          <Button variant="secondary" size="sm" onClick={() => fees.append(NEW_FEE)}>
            Add a fee
          </Button>
        </div>
      </fieldset>
    </>
  );
}
