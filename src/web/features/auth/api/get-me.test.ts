// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { fetchMe, readLastUser } from './get-me.ts';

const user = { id: 'u1', email: 'r@stoop.test', name: 'Rhea', userType: 'renter' } as const;
const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

describe('the last-user hint', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('is kept on a signed-in answer and stands in only when the session cannot be asked', async () => {
    answer(200, { user });
    expect(await fetchMe()).toEqual(user);
    expect(readLastUser()).toEqual(user);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await fetchMe()).toEqual(user);
  });

  it('is cleared by a visitor answer and a 401, and never used for them', async () => {
    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
    answer(200, { user: null });
    expect(await fetchMe()).toBeNull();
    expect(readLastUser()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
    answer(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    expect(await fetchMe()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastUser)).toBeNull();
  });

  it('without a hint, a network failure stays an error', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchMe()).rejects.toMatchObject({ status: 0 });
  });
});
