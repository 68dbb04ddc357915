import { type ComponentType, lazy, Suspense, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Listing, Photo } from '../../../../shared/schemas/listing-responses.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { issuesOfError, usePublishListing, useSaveDraft } from '../api/listing-editor-api.ts';
import {
  EMPTY_VALUES,
  formFieldOf,
  type ListingFormValues,
  payloadOf,
  STEPS,
  type StepKey,
  valuesOf,
} from '../listing-form-values.ts';
import type { CriteriaHandle } from './application-criteria.tsx';
import { BasicsStep } from './basics-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { listingResolver } from './lazy-listing-resolver.ts';
import { LocationStep } from './location-step.tsx';
import { PhotosStep } from './photos-step.tsx';
import { PriceStep } from './price-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { StepButtons } from './step-buttons.tsx';
import type { FormStepProps } from './step-props.ts';
import { WizardProgress } from './wizard-progress.tsx';

/*
 * The criteria section checks its fields with the shared zod schema as they are typed; it
 * shows once the first step has made the listing, so zod is not part of the page's first load.
 */
const ApplicationCriteria = lazy(() =>
  import('./application-criteria.tsx').then((module) => ({ default: module.ApplicationCriteria })),
);
const criteriaLoading = (
  <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
    <Spinner size="sm" /> Loading application criteria…
  </p>
);

/** The steps that are fields of the one form, saved by "Save and continue". */
const FORM_STEPS: Partial<Record<StepKey, ComponentType<FormStepProps>>> = {
  basics: BasicsStep,
  location: LocationStep,
  price: PriceStep,
  details: DetailsStep,
};

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
  const saveDraft = useSaveDraft();
  const publish = usePublishListing();
  const criteria = useRef<CriteriaHandle>(null);
  const form = useForm<ListingFormValues, { step: StepKey }>({
    resolver: listingResolver.resolver,
    context: { step },
    defaultValues: listing ? valuesOf(listing) : EMPTY_VALUES,
  });
  const index = STEPS.findIndex((s) => s.key === step);
  const title = STEPS[index]?.title;
  const go = (next: number) => {
    const target = STEPS[next];
    if (target) {
      saveDraft.reset();
      publish.reset();
      setStep(target.key);
      window.scrollTo({ top: 0 });
    }
  };
  const back = () => go(index - 1);
  const forward = () => go(index + 1);

  // Awaited, not mutate's callbacks: a live event's refetch can unmount the form before they run.
  const save = form.handleSubmit(async (values) => {
    const sent = {
      id,
      create: {
        title: values.title,
        ...(values.description ? { description: values.description } : {}),
      },
      update: payloadOf(step, values),
    };
    try {
      const saved = await saveDraft.mutateAsync(sent);
      if (sent.id === null && saved !== null) {
        setId(saved.id);
        onCreated(saved.id);
      }
      forward();
    } catch (cause) {
      for (const issue of issuesOfError(cause)) {
        form.setError(formFieldOf(issue.path) as keyof ListingFormValues, {
          message: issue.message,
        });
      }
    }
  });

  const publishWithCriteria = async () => {
    if (id === null) return;
    // Criteria the landlord changed go out with the listing, or it waits on their errors.
    if (!((await criteria.current?.saveIfChanged()) ?? true)) return;
    // Awaited, not mutate's callbacks: a live event's refetch can unmount the form before they run.
    try {
      const published = await publish.mutateAsync(id);
      onPublished(published);
    } catch {
      // Shown by the alert above the steps and the review's issues (publish.error).
    }
  };

  const error = saveDraft.error ?? publish.error;
  const FormStep = FORM_STEPS[step];
  return (
    <div className="flex flex-col gap-6">
      <WizardProgress step={step} />
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      {error ? <ApiErrorAlert error={error} /> : null}
      {FormStep ? (
        <Form label={title} validation={listingResolver} onSubmit={save}>
          <FormStep
            register={form.register}
            errors={form.formState.errors}
            control={form.control}
          />
          <StepButtons onBack={index > 0 ? back : undefined}>
            <Button type="submit" pending={saveDraft.isPending}>
              Save and continue
            </Button>
          </StepButtons>
        </Form>
      ) : null}
      {step === 'photos' && id !== null ? (
        <PhotosStep
          listingId={id}
          photos={photos}
          onPhotosChange={setPhotos}
          onBack={back}
          onContinue={forward}
        />
      ) : null}
      {step === 'review' ? (
        <ReviewStep
          values={form.getValues()}
          photoCount={photos.length}
          issues={issuesOfError(publish.error)}
          publishing={publish.isPending}
          onBack={back}
          onPublish={() => void publishWithCriteria()}
          // Issue 28: the listing exists by now (the first step created it), so its criteria
          // can be saved; Publish saves them first if they changed.
          criteria={
            id === null ? null : (
              <Suspense fallback={criteriaLoading}>
                <ApplicationCriteria listingId={id} ref={criteria} />
              </Suspense>
            )
          }
        />
      ) : null}
    </div>
  );
}
