import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp } from './test-app.ts';

/** The smallest built index.html: the shell the server fills in for page routes. */
export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Stoop</title></head><body><div id="root"></div></body></html>';

/**
 * The test app (`apiApp`, its answers checked against the contract) and the same deps serving
 * pages too (`app`), from a temp web root holding `indexHtml` (removed after the file).
 */
export async function createWebTestApp(indexHtml: string = TEST_INDEX_HTML) {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-web-root-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));
  const test = await createTestApp();
  return { ...test, apiApp: test.app, app: createApp({ ...test.deps, webRoot }) };
}

/** What a page carries in `<script type="application/json" id="…">`, or null. */
export function embeddedJson<T>(html: string, id: string): T | null {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`),
  );
  return match?.[1] ? (JSON.parse(match[1]) as T) : null;
}
