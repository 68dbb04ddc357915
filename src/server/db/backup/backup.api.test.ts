import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { BACKUP_FILE_MODE, createBackup } from './backup.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-backup-mode-'));
const { url } = await createTestDatabase();
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('a backup archive (issue 26)', () => {
  it('is written with mode 0600, whatever the umask, and so is an overwritten one', async () => {
    const previous = process.umask(0o000); // the most permissive umask there is
    try {
      const out = path.join(root, 'new-folder', 'stoop.tar.gz');
      await createBackup({ url, mediaDir: undefined, out });
      expect(BACKUP_FILE_MODE).toBe(0o600);
      expect(modeOf(out)).toBe(0o600);
      // A folder made for it is its owner's alone too.
      expect(modeOf(path.dirname(out))).toBe(0o700);

      const existing = path.join(root, 'existing.tar.gz');
      fs.writeFileSync(existing, 'an older, world-readable file', { mode: 0o644 });
      fs.chmodSync(existing, 0o644);
      await createBackup({ url, mediaDir: undefined, out: existing });
      expect(modeOf(existing)).toBe(0o600);
      expect(fs.statSync(existing).size).toBeGreaterThan(100);
      // Nothing staged or partial is left beside it.
      expect(fs.readdirSync(root).sort()).toEqual(['existing.tar.gz', 'new-folder']);
    } finally {
      process.umask(previous);
    }
  });
});
