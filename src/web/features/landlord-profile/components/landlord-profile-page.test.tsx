// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { landlordProfileFixture } from '../../../testing/billing-fixtures.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { checkDraft } from './landlord-profile-form.tsx';
import { LandlordProfilePage } from './landlord-profile-page.tsx';
import { addLanguage } from './languages-field.tsx';

describe('the landlord profile checks', () => {
  it('uses the shared schema and its messages', async () => {
    const ok = await checkDraft({ displayName: ' Acme ', phone: '', bio: '', languages: [] });
    expect(ok.input).toEqual({ displayName: 'Acme', phone: '', bio: '', languages: [] });
    const bad = await checkDraft({ displayName: ' ', phone: 'call me', bio: '', languages: [] });
    expect(bad.input).toBeNull();
    expect(bad.errors).toEqual({
      displayName: 'Enter a name renters will see.',
      phone: 'Use digits, spaces and + ( ) - only.',
    });
    expect(
      (await checkDraft({ displayName: 'x'.repeat(81), phone: '', bio: '', languages: [] })).errors,
    ).toEqual({ displayName: 'Keep the name to 80 characters.' });
  });

  it('adds a language once, trimmed, up to ten', () => {
    expect(addLanguage(['English'], ' spanish ')).toEqual(['English', 'spanish']);
    expect(addLanguage(['English'], 'english')).toEqual(['English']);
    expect(addLanguage(['English'], '  ')).toEqual(['English']);
    const ten = Array.from({ length: 10 }, (_, i) => `L${i}`);
    expect(addLanguage(ten, 'More')).toEqual(ten);
  });
});

describe('the landlord profile page', () => {
  resetPageAfterEach();

  it('shows the figures read-only, previews the card as typed, and saves', async () => {
    const profile = landlordProfileFixture();
    const calls = stubApi((call) => {
      if (call.url.pathname !== '/api/landlord/profile') return undefined;
      if (call.method === 'PUT') return { body: { ...profile, ...(call.body as object) } };
      return { body: profile };
    });
    const { container } = await renderMessaging(<LandlordProfilePage />);
    await waitFor(() => expect(container.querySelector('#profile-name')).not.toBeNull());
    expect(textOf(container.querySelector('[data-testid="response-stats"]'))).toContain(
      '42 minutes',
    );
    expect(textOf(container.querySelector('[data-testid="response-stats"]'))).toContain('93%');
    const card = () => textOf(container.querySelector('[data-testid="landlord-card"]'));
    expect(card()).toContain('Usually replies within 42 minutes · 93% reply rate');
    expect(card()).toContain('Speaks English, Spanish');
    expect(card()).not.toContain('555-0142');

    const name = container.querySelector<HTMLInputElement>('#profile-name') as HTMLInputElement;
    await act(async () => typeInto(name, 'Brownstone Homes'));
    expect(card()).toContain('Brownstone Homes');
    await act(async () => buttonNamed(container, 'Save profile')?.click());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      displayName: 'Brownstone Homes',
      phone: '+1 (718) 555-0142',
      bio: profile.bio,
      languages: ['English', 'Spanish'],
    });
  });

  it('refuses an empty name without calling the server, and focuses it', async () => {
    const calls = stubApi((call) =>
      call.url.pathname === '/api/landlord/profile'
        ? { body: landlordProfileFixture() }
        : undefined,
    );
    const { container } = await renderMessaging(<LandlordProfilePage />);
    await waitFor(() => expect(container.querySelector('#profile-name')).not.toBeNull());
    const name = container.querySelector<HTMLInputElement>('#profile-name') as HTMLInputElement;
    await act(async () => typeInto(name, ''));
    await act(async () => buttonNamed(container, 'Save profile')?.click());
    // The check waits for the form's schema module (loaded on first use).
    await waitFor(() => expect(textOf(container)).toContain('Enter a name renters will see.'));
    expect(document.activeElement).toBe(name);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
