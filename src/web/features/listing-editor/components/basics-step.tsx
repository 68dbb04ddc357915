import { TextField } from '../../../components/ui/field.tsx';
import type { FormStepProps } from './step-props.ts';

/** Step 1: the title and the description. */
export function BasicsStep({ register, errors }: FormStepProps) {
  return (
    <>
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="field-description" className="text-sm font-medium text-stone-800">
          Description
        </label>
        <textarea
          id="field-description"
          rows={6}
          className="block w-full rounded-lg border border-stone-300 bg-white p-3 text-base shadow-sm"
          aria-invalid={errors.description ? true : undefined}
          {...register('description')}
        />
        {errors.description ? (
          <p className="text-sm font-medium text-red-700">{errors.description.message}</p>
        ) : (
          <p className="text-sm text-stone-600">At least 20 characters to publish.</p>
        )}
      </div>
    </>
  );
}
