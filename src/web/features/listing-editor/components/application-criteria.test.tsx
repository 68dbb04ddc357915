// @vitest-environment happy-dom
import { act, createRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { ApplicationCriteria, type CriteriaHandle } from './application-criteria.tsx';

const LISTING = '00000000-0000-4000-8000-0000000000d1';
const PATH = `/api/listings/${LISTING}/application-settings`;

const SAVED: ApplicationSettings = {
  acceptingApplications: true,
  incomeMultiple: 40,
  guarantorIncomeMultiple: null,
  requiredDocuments: ['pay_stub'],
};

function stub(saved: ApplicationSettings | 'error' = SAVED) {
  return stubApi((call) => {
    if (call.url.pathname !== PATH) return undefined;
    if (call.method === 'PUT') return { body: { settings: call.body } };
    return saved === 'error'
      ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom.' } } }
      : { body: { settings: saved } };
  });
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const kindBox = (label: string) =>
  [...document.querySelectorAll('label')]
    .find((l) => l.textContent?.trim() === label)
    ?.querySelector('input') as HTMLInputElement;

async function show(ref = createRef<CriteriaHandle>()) {
  const rendered = await renderMessaging(<ApplicationCriteria listingId={LISTING} ref={ref} />);
  await waitFor(() => expect(input('criteria-incomeMultiple')).not.toBeNull());
  return { ...rendered, ref };
}

describe("the listing editor's Applications section", () => {
  resetPageAfterEach();

  it('shows the saved criteria and saves them whole with PUT', async () => {
    const calls = stub();
    await show();
    expect(input('criteria-acceptingApplications').checked).toBe(true);
    expect(input('criteria-incomeMultiple').value).toBe('40');
    expect(input('criteria-guarantorIncomeMultiple').value).toBe('');
    expect(kindBox('Pay stub').checked).toBe(true);
    await act(async () => typeInto(input('criteria-guarantorIncomeMultiple'), '80'));
    await act(async () => kindBox('ID').click());
    await act(async () => buttonNamed(document.body, 'Save application criteria')?.click());
    await waitFor(() => expect(textOf()).toContain('Application criteria saved.'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      acceptingApplications: true,
      incomeMultiple: 40,
      guarantorIncomeMultiple: 80,
      requiredDocuments: ['pay_stub', 'id'],
    });
  });

  it('sends a blank multiple as none, and can stop taking applications', async () => {
    const calls = stub();
    await show();
    await act(async () => typeInto(input('criteria-incomeMultiple'), ''));
    await act(async () => input('criteria-acceptingApplications').click());
    await act(async () => buttonNamed(document.body, 'Save application criteria')?.click());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      acceptingApplications: false,
      incomeMultiple: null,
    });
  });

  it('checks the fields with the shared schema before sending', async () => {
    const calls = stub();
    await show();
    await act(async () => typeInto(input('criteria-incomeMultiple'), '40.25'));
    await act(async () => buttonNamed(document.body, 'Save application criteria')?.click());
    await waitFor(() => expect(textOf()).toContain('Income multiple takes one decimal at most.'));
    expect(input('criteria-incomeMultiple').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('never offers to require a voucher letter, nor words a voucher as a condition', async () => {
    stub();
    await show();
    expect(kindBox('Voucher letter')).toBeUndefined();
    const text = textOf().toLowerCase();
    expect(text).not.toMatch(/no vouchers|voucher.{0,20}(required|not accepted)|section 8/);
  });

  it('saves for Publish only what changed', async () => {
    const calls = stub();
    const { ref } = await show();
    await act(async () => {
      expect(await ref.current?.saveIfChanged()).toBe(true);
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await act(async () => typeInto(input('criteria-incomeMultiple'), '45'));
    await act(async () => {
      expect(await ref.current?.saveIfChanged()).toBe(true);
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    await act(async () => typeInto(input('criteria-incomeMultiple'), 'lots'));
    await act(async () => {
      expect(await ref.current?.saveIfChanged()).toBe(false);
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('says when the criteria cannot be loaded, and retries', async () => {
    stub('error');
    await renderMessaging(<ApplicationCriteria listingId={LISTING} />);
    await waitFor(() => expect(buttonNamed(document.body, 'Try again')).not.toBeNull());
    expect(textOf()).toContain('The application criteria could not be loaded.');
    stub();
    await act(async () => buttonNamed(document.body, 'Try again')?.click());
    await waitFor(() => expect(input('criteria-incomeMultiple')?.value).toBe('40'));
  });
});
