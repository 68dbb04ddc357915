// @vitest-environment happy-dom
import { act } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { render } from '../../../testing/render.tsx';
import {
  EMPTY_VALUES,
  type ListingFormValues,
  payloadOf,
  type StepKey,
} from '../listing-form-values.ts';
import { LocationStep } from './location-step.tsx';

/** The location step inside a form of its own; `onValues` sees what Save would send. */
function Harness({
  initial,
  onValues,
}: {
  initial: ListingFormValues;
  onValues: (values: ListingFormValues) => void;
}) {
  const form = useForm<ListingFormValues, { step: StepKey }>({ defaultValues: initial });
  return (
    <form onSubmit={form.handleSubmit(onValues)}>
      <LocationStep
        register={form.register}
        errors={form.formState.errors}
        control={form.control}
      />
      <button type="submit">Save</button>
    </form>
  );
}

async function submit(container: HTMLElement) {
  await act(async () => {
    container.querySelector('form')?.requestSubmit();
  });
}

describe('LocationStep: show the exact location', () => {
  it('is a labelled checkbox, off by default, bound to showExactLocation', async () => {
    let sent: ListingFormValues | undefined;
    const { container } = await render(
      <Harness initial={EMPTY_VALUES} onValues={(values) => (sent = values)} />,
    );
    const box = [...container.querySelectorAll('label')]
      .find((l) => l.textContent?.includes('Show the exact location on the map'))
      ?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(box).toBeTruthy();
    expect(box?.checked).toBe(false);
    const hint = container.querySelector(`[id="${box?.getAttribute('aria-describedby')}"]`);
    expect(hint?.textContent).toMatch(/approximate location/);
    await submit(container);
    expect(sent?.showExactLocation).toBe(false);

    await act(async () => {
      box?.click();
    });
    await submit(container);
    expect(sent?.showExactLocation).toBe(true);
    expect(payloadOf('location', sent as ListingFormValues)).toMatchObject({
      showExactLocation: true,
    });
  });

  it('starts checked for a listing that already shows its exact spot', async () => {
    let sent: ListingFormValues | undefined;
    const { container } = await render(
      <Harness
        initial={{ ...EMPTY_VALUES, showExactLocation: true }}
        onValues={(values) => (sent = values)}
      />,
    );
    const box = container.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(box?.checked).toBe(true);
    await submit(container);
    expect(sent?.showExactLocation).toBe(true);
  });
});
