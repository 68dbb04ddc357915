import { describe, expect, it } from 'vitest';
import { strategyFor } from './sw-routes.ts';

const origin = 'https://stoop.test';
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${origin}${path}` });

describe('service worker routes', () => {
  it('leaves the API, the live stream and media to the network', () => {
    expect(strategyFor(get('/api/notes'), origin)).toBe('pass');
    expect(strategyFor(get('/api/events', 'navigate'), origin)).toBe('pass');
    expect(strategyFor(get('/media/notes/abc-640.webp', 'no-cors'), origin)).toBe('pass');
    // Note photos are private (issue 26): never kept by the service worker either.
    expect(strategyFor(get('/api/notes/photos/abc/640', 'no-cors'), origin)).toBe('pass');
    expect(strategyFor(get('/api'), origin)).toBe('pass');
  });

  it('serves pages network first and hashed assets from the cache', () => {
    expect(strategyFor(get('/notes?listing=1', 'navigate'), origin)).toBe('navigate');
    expect(strategyFor(get('/assets/notes-AbC123.js'), origin)).toBe('asset');
  });

  it('never touches writes or other origins', () => {
    expect(strategyFor({ ...get('/assets/x.js'), method: 'POST' }, origin)).toBe('pass');
    expect(strategyFor({ method: 'GET', mode: 'cors', url: 'https://cdn.test/a.js' }, origin)).toBe(
      'pass',
    );
    expect(strategyFor(get('/apinotes', 'navigate'), origin)).toBe('navigate');
  });
});
