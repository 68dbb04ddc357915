import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin-check.ts';

describe('isAllowedOrigin', () => {
  const trusted = ['https://stoop.example'];

  it('accepts trusted origins and the request’s own host', () => {
    expect(isAllowedOrigin('https://stoop.example', 'internal:8080', trusted, 'http:')).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', trusted, 'http:')).toBe(true);
    expect(isAllowedOrigin('https://stoop.test', 'stoop.test', trusted, 'https:')).toBe(true);
  });

  it('refuses foreign, opaque and look-alike origins', () => {
    expect(isAllowedOrigin('http://evil.example', 'localhost:3000', trusted, 'http:')).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:3000', trusted, 'http:')).toBe(false);
    expect(isAllowedOrigin('https://stoop.example.evil.com', 'x', trusted, 'https:')).toBe(false);
    expect(isAllowedOrigin('http://localhost:3001', 'localhost:3000', trusted, 'http:')).toBe(
      false,
    );
    expect(isAllowedOrigin('file://localhost:3000', 'localhost:3000', trusted, 'http:')).toBe(
      false,
    );
  });

  it('compares the scheme too, not only host and port', () => {
    expect(isAllowedOrigin('https://localhost:3000', 'localhost:3000', [], 'http:')).toBe(false);
    expect(isAllowedOrigin('http://stoop.test', 'stoop.test', [], 'https:')).toBe(false);
  });
});
