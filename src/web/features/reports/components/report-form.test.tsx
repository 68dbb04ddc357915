// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '../../../../shared/reports.ts';
import { buttonNamed, typeInto } from '../../../testing/dom-queries.ts';
import {
  CONVERSATION,
  LISTING,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { ReportButton } from './report-button.tsx';
import { ReportForm } from './report-form.tsx';
import { REPORT_SUCCESS_MESSAGE } from './report-target.ts';

resetPageAfterEach();

const CREATED = {
  report: {
    id: '00000000-0000-4000-8000-0000000000e1',
    status: 'open',
    createdAt: '2026-11-24T21:00:00.000Z',
  },
};

const radio = (container: ParentNode, reason: string) =>
  container.querySelector<HTMLInputElement>(`input[type="radio"][value="${reason}"]`);

const submit = (container: ParentNode) => buttonNamed(container, 'Send report');

async function renderForm(target: { listingId: string } | { conversationId: string }) {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const rendered = await renderMessaging(
    <ReportForm target={target} onDone={onDone} onCancel={onCancel} />,
  );
  return { ...rendered, onDone, onCancel };
}

describe('ReportForm', () => {
  it('offers every reason with its label, as one labelled radio group', async () => {
    const { container } = await renderForm({ listingId: LISTING });
    const fieldset = container.querySelector('fieldset');
    const legend = fieldset?.querySelector('legend');
    expect(legend?.textContent).toBe('What is wrong with this listing?');
    expect(fieldset?.getAttribute('aria-labelledby')).toBe(legend?.id);
    const radios = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.value)).toEqual([...REPORT_REASONS]);
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    for (const r of radios) {
      expect(r.closest('label')?.textContent).toBe(
        REPORT_REASON_LABELS[r.value as keyof typeof REPORT_REASON_LABELS],
      );
    }
  });

  it("refuses a report without a reason with the shared schema's message, sending nothing", async () => {
    const calls = stubApi(() => ({ status: 201, body: CREATED }));
    const { container, onDone } = await renderForm({ listingId: LISTING });
    await act(async () => submit(container)?.click());
    await waitFor(() => expect(container.textContent).toContain('Choose a reason for the report.'));
    expect(container.querySelector('fieldset')?.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('counts the details as they are typed, up to the limit', async () => {
    const { container } = await renderForm({ listingId: LISTING });
    const details = container.querySelector('textarea') as HTMLTextAreaElement;
    expect(details.maxLength).toBe(REPORT_DETAILS_MAX);
    const count = () => container.querySelector('[data-testid="details-count"]')?.textContent;
    expect(count()).toBe('0 / 2,000 characters');
    await act(async () => typeInto(details, 'Asked for a deposit by wire'));
    expect(count()).toBe('27 / 2,000 characters');
    // The counter is how a screen reader hears the limit.
    expect(details.getAttribute('aria-describedby')).toBe(
      container.querySelector('[data-testid="details-count"]')?.id,
    );
  });

  it('sends the listing report with reason and trimmed details, then thanks the reporter', async () => {
    const calls = stubApi((call) =>
      call.url.pathname === '/api/reports' && call.method === 'POST'
        ? { status: 201, body: CREATED }
        : undefined,
    );
    const { container, onDone } = await renderForm({ listingId: LISTING });
    await act(async () => radio(container, 'scam')?.click());
    await act(async () =>
      typeInto(container.querySelector('textarea') as HTMLTextAreaElement, '  Wants cash first  '),
    );
    await act(async () => submit(container)?.click());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      listingId: LISTING,
      reason: 'scam',
      details: 'Wants cash first',
    });
    expect(container.querySelector('[data-toast-type="success"]')?.textContent).toContain(
      REPORT_SUCCESS_MESSAGE,
    );
  });

  it('reports a conversation without details as just the id and the reason', async () => {
    const calls = stubApi(() => ({ status: 201, body: CREATED }));
    const { container, onDone } = await renderForm({ conversationId: CONVERSATION });
    expect(container.querySelector('legend')?.textContent).toBe(
      'What is wrong with this conversation?',
    );
    await act(async () => radio(container, 'harassment')?.click());
    await act(async () => submit(container)?.click());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({ conversationId: CONVERSATION, reason: 'harassment' });
  });

  it("shows the server's message when the report is refused, and stays open", async () => {
    stubApi(() => ({
      status: 404,
      body: { error: { code: 'CONVERSATION_NOT_FOUND', message: 'Conversation not found' } },
    }));
    const { container, onDone } = await renderForm({ conversationId: CONVERSATION });
    await act(async () => radio(container, 'spam')?.click());
    await act(async () => submit(container)?.click());
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Conversation not found'),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(container.querySelector('[data-toast-type="success"]')).toBeNull();
  });
});

describe('ReportButton', () => {
  it('opens a labelled modal dialog with focus inside, and gives focus back on close', async () => {
    stubApi(() => undefined);
    const { container } = await renderMessaging(
      <ReportButton target={{ listingId: LISTING }} label="Report listing" />,
    );
    const trigger = buttonNamed(container, 'Report listing') as HTMLButtonElement;
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    trigger.focus();
    await act(async () => trigger.click());
    await waitFor(() => expect(container.querySelector('dialog')).not.toBeNull());
    const dialog = container.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Report this listing');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => buttonNamed(dialog, 'Cancel')?.click());
    expect(container.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('sends a visitor to sign in instead, with where to come back to', async () => {
    const { container } = await renderMessaging(
      <ReportButton
        target={{ listingId: LISTING }}
        label="Report listing"
        signIn={{ to: '/login', state: { from: { pathname: `/listings/${LISTING}` } } }}
      />,
    );
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/login');
    expect(link?.textContent).toBe('Report listing');
    expect(container.querySelector('dialog')).toBeNull();
  });
});
