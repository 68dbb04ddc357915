import { type ComponentProps, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { PUBLISH_MESSAGES } from '../../../../shared/listing-publish-messages.ts';
import { AMENITIES, FEE_TYPES } from '../../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../../shared/neighborhoods.ts';
import type { Listing, Photo } from '../../../../shared/schemas/listings.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatBathrooms, formatBedrooms, formatMoney } from '../../../lib/format.ts';
import { createListing, setListingStatus, updateListing } from '../api/listing-editor-api.ts';
import {
  EMPTY_VALUES,
  formFieldOf,
  type ListingFormValues,
  payloadOf,
  STEPS,
  type StepKey,
  valuesOf,
} from '../listing-form-values.ts';
import { listingResolver } from './lazy-listing-resolver.ts';
import { PhotoManager } from './photo-manager.tsx';

const numberOrNull = (value: string) =>
  value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value);

const preload = () => void listingResolver.preload();

const SELECT_CLASS =
  'block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm';

function SelectField({
  label,
  error,
  children,
  ...select
}: ComponentProps<'select'> & { label: string; error?: string | undefined }) {
  const id = `field-${select.name ?? label}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        className={cn(SELECT_CLASS, error ? 'border-red-600' : undefined)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PublishIssue = { path: string; message: string };

function issuesOf(error: unknown): PublishIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (d): d is PublishIssue =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as PublishIssue).path === 'string' &&
      typeof (d as PublishIssue).message === 'string',
  );
}

type ListingFormProps = {
  /** The draft being edited, or null for a new one. */
  listing: Listing | null;
  /** After the first save created the draft. */
  onCreated: (id: string) => void;
  onPublished: (listing: Listing) => void;
};

/** The guided create form: each step is saved to the draft before the next one opens. */
export function ListingForm({ listing, onCreated, onPublished }: ListingFormProps) {
  const [step, setStep] = useState<StepKey>('basics');
  const [id, setId] = useState<string | null>(listing?.id ?? null);
  const [photos, setPhotos] = useState<Photo[]>(listing?.photos ?? []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<PublishIssue[]>([]);
  const [photosError, setPhotosError] = useState<string | null>(null);
  const form = useForm<ListingFormValues, { step: StepKey }>({
    resolver: listingResolver.resolver,
    context: { step },
    defaultValues: listing ? valuesOf(listing) : EMPTY_VALUES,
  });
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    getValues,
    formState: { errors },
  } = form;
  const fees = useFieldArray({ control: form.control, name: 'fees' });
  const index = STEPS.findIndex((s) => s.key === step);
  const go = (next: number) => {
    const target = STEPS[next];
    if (target) {
      setError(null);
      setStep(target.key);
      window.scrollTo({ top: 0 });
    }
  };

  const save = handleSubmit(async (values) => {
    setSaving(true);
    setError(null);
    try {
      const payload = payloadOf(step, values);
      if (id === null) {
        const created = await createListing({
          title: values.title,
          ...(values.description ? { description: values.description } : {}),
        });
        setId(created.id);
        onCreated(created.id);
      } else if (Object.keys(payload).length > 0) {
        await updateListing(id, payload);
      }
      go(index + 1);
    } catch (cause) {
      const details = issuesOf(cause);
      for (const detail of details) {
        setFieldError(formFieldOf(detail.path) as keyof ListingFormValues, {
          message: detail.message,
        });
      }
      setError(errorMessage(cause));
    } finally {
      setSaving(false);
    }
  });

  const publish = async () => {
    if (id === null) return;
    setSaving(true);
    setError(null);
    setIssues([]);
    try {
      onPublished(await setListingStatus(id, 'active'));
    } catch (cause) {
      setIssues(issuesOf(cause));
      setError(errorMessage(cause));
    } finally {
      setSaving(false);
    }
  };

  const values = getValues();
  const rentCents = payloadOf('price', values).rentCents ?? null;
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Steps">
        <ol className="flex flex-wrap gap-2 text-sm">
          {STEPS.map((s, i) => (
            <li key={s.key}>
              <span
                aria-current={s.key === step ? 'step' : undefined}
                className={cn(
                  'inline-block rounded-full px-3 py-1',
                  s.key === step
                    ? 'bg-brand-700 font-semibold text-white'
                    : i < index
                      ? 'bg-brand-100 text-brand-900'
                      : 'bg-stone-100 text-stone-700',
                )}
              >
                {i + 1}. {s.title}
              </span>
            </li>
          ))}
        </ol>
      </nav>
      <h2 className="text-xl font-semibold text-stone-900">{STEPS[index]?.title}</h2>
      {error ? <Alert>{error}</Alert> : null}
      {step === 'photos' || step === 'review' ? null : (
        <form
          onFocus={preload}
          onSubmit={save}
          noValidate
          className="flex flex-col gap-5"
          aria-label={STEPS[index]?.title}
        >
          {step === 'basics' ? (
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
          ) : null}
          {step === 'location' ? (
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
          ) : null}
          {step === 'price' ? (
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
                {fees.fields.map((field, i) => (
                  <div
                    key={field.id}
                    className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-2"
                  >
                    <SelectField
                      label={`Fee ${i + 1} type`}
                      error={errors.fees?.[i]?.type?.message}
                      {...register(`fees.${i}.type`)}
                    >
                      {FEE_TYPES.map((t) => (
                        <option key={t.slug} value={t.slug}>
                          {t.name}
                        </option>
                      ))}
                    </SelectField>
                    <TextField
                      label={`Fee ${i + 1} amount ($)`}
                      type="number"
                      min={0}
                      error={errors.fees?.[i]?.amount?.message}
                      {...register(`fees.${i}.amount`)}
                    />
                    <SelectField
                      label={`Fee ${i + 1} frequency`}
                      error={errors.fees?.[i]?.frequency?.message}
                      {...register(`fees.${i}.frequency`)}
                    >
                      <option value="one_time">One-time</option>
                      <option value="monthly">Monthly</option>
                    </SelectField>
                    <TextField
                      label={`Fee ${i + 1} description`}
                      error={errors.fees?.[i]?.description?.message}
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
                ))}
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() =>
                      fees.append({
                        type: 'security_deposit',
                        amount: '',
                        frequency: 'one_time',
                        required: true,
                        description: '',
                      })
                    }
                  >
                    Add a fee
                  </Button>
                </div>
              </fieldset>
            </>
          ) : null}
          {step === 'details' ? (
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
                <SelectField label="Pets" error={errors.pets?.message} {...register('pets')}>
                  <option value="">Choose</option>
                  <option value="none">No pets</option>
                  <option value="cats">Cats</option>
                  <option value="dogs">Dogs</option>
                  <option value="cats_and_dogs">Cats and dogs</option>
                </SelectField>
                <SelectField
                  label="Laundry"
                  error={errors.laundry?.message}
                  {...register('laundry')}
                >
                  <option value="">Choose</option>
                  <option value="in_unit">In unit</option>
                  <option value="in_building">In building</option>
                  <option value="none">None</option>
                </SelectField>
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
          ) : null}
          <div className="flex gap-3">
            {index > 0 ? (
              <Button variant="secondary" onClick={() => go(index - 1)}>
                Back
              </Button>
            ) : null}
            <Button type="submit" pending={saving}>
              Save and continue
            </Button>
          </div>
        </form>
      )}
      {step === 'photos' && id !== null ? (
        <div className="flex flex-col gap-5">
          <PhotoManager
            listingId={id}
            photos={photos}
            onChange={(next) => {
              setPhotos(next);
              if (next.length > 0) setPhotosError(null);
            }}
          />
          {photosError ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {photosError}
            </p>
          ) : null}
          <div className="flex gap-3">
            <Button variant="secondary" onClick={() => go(index - 1)}>
              Back
            </Button>
            <Button
              onClick={() => {
                if (photos.length === 0) {
                  setPhotosError(PUBLISH_MESSAGES.photos);
                  return;
                }
                go(index + 1);
              }}
            >
              Continue to review
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'review' ? (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[180px_1fr]">
            <dt className="font-semibold text-stone-900">Title</dt>
            <dd className="text-stone-800">{values.title}</dd>
            <dt className="font-semibold text-stone-900">Address</dt>
            <dd className="text-stone-800">
              {[values.address, values.unit].filter(Boolean).join(', ') || 'Missing'}
            </dd>
            <dt className="font-semibold text-stone-900">Rent</dt>
            <dd className="text-stone-800" data-testid="review-rent">
              {rentCents === null || Number.isNaN(rentCents)
                ? 'Missing'
                : `${formatMoney(rentCents)}/mo`}
            </dd>
            <dt className="font-semibold text-stone-900">Bedrooms / bathrooms</dt>
            <dd className="text-stone-800">
              {[
                formatBedrooms(numberOrNull(values.bedrooms)),
                formatBathrooms(numberOrNull(values.bathrooms)),
              ]
                .filter(Boolean)
                .join(' · ') || 'Missing'}
            </dd>
            <dt className="font-semibold text-stone-900">Photos</dt>
            <dd className="text-stone-800">{photos.length}</dd>
          </dl>
          {issues.length > 0 ? (
            <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              <p className="font-semibold">Before it can go live:</p>
              <ul className="ml-5 list-disc">
                {issues.map((issue) => (
                  <li key={issue.path}>{issue.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-sm text-stone-700">
            Your draft is saved. Publish it to show it in search.
          </p>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={() => go(index - 1)}>
              Back
            </Button>
            <Button pending={saving} onClick={() => void publish()}>
              Publish listing
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
