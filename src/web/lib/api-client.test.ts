import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiAnswer, asAnswer, errorMessage } from './api-client.ts';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
  );
}

describe('api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with same-origin cookies and parses the answer', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    const data = await api('/api/x', {
      method: 'POST',
      body: { a: 1 },
      parse: (d) => d as { ok: boolean },
    });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns an error body into the docs/spec.md §8 friendly message', async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, { error: { code: 'INVALID_CREDENTIALS', message: 'x' }, requestId: 'r' }),
    );
    const error = await api('/api/auth/sign-in/email').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('INVALID_CREDENTIALS');
    expect(errorMessage(error)).toBe('Incorrect password.');
  });

  it('keeps the server message for codes without a friendly one, and reads Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      answer(
        429,
        { error: { code: 'RATE_LIMITED', message: 'slow down' } },
        { 'Retry-After': '30' },
      ),
    );
    const limited = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(limited.message).toBe('slow down');
    expect(limited.retryAfter).toBe(30);

    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: { code: 'INVALID_TOKEN', message: 'This link is invalid or has expired.' },
      }),
    );
    const invalid = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(invalid.message).toBe('This link is invalid or has expired.');
  });

  it('reports a failed request as the network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error. Please check your connection.');
  });

  it('falls back to the unexpected-error message for a body it cannot read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    const error = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('An unexpected error occurred.');
    expect(errorMessage(new Error('boom'))).toBe('An unexpected error occurred.');
  });
});

describe('apiAnswer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads a JSON answer as the server sent it, without a schema on the page', async () => {
    const sent = { items: [{ id: 'a', extra: 1 }], nextCursor: null };
    vi.stubGlobal('fetch', answer(200, sent));
    await expect(apiAnswer('/api/x')).resolves.toEqual(sent);
  });

  it('refuses an answer that is not JSON (an empty body, a proxy page) with the generic message', async () => {
    vi.stubGlobal('fetch', answer(200, undefined));
    const empty = await apiAnswer('/api/x').catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(ApiError);
    expect(empty).toMatchObject({ status: 502, code: null, message: errorMessage(null) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 200 })),
    );
    await expect(apiAnswer('/api/x')).rejects.toMatchObject({ status: 502 });
    expect(() => asAnswer('text')).toThrow(ApiError);
  });
});
