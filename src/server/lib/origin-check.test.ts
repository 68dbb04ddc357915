import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin-check.ts';

describe('isAllowedOrigin', () => {
  const trusted = ['https://stoop.example'];

  it('accepts trusted origins and the request’s own host', () => {
    expect(isAllowedOrigin('https://stoop.example', 'internal:8080', trusted)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', trusted)).toBe(true);
  });

  it('refuses foreign, opaque and look-alike origins', () => {
    expect(isAllowedOrigin('http://evil.example', 'localhost:3000', trusted)).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:3000', trusted)).toBe(false);
    expect(isAllowedOrigin('https://stoop.example.evil.com', 'x', trusted)).toBe(false);
    expect(isAllowedOrigin('http://localhost:3001', 'localhost:3000', trusted)).toBe(false);
    expect(isAllowedOrigin('file://localhost:3000', 'localhost:3000', trusted)).toBe(false);
  });
});
