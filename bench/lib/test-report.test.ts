import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTestReport } from './test-report.ts';

describe('writeTestReport', () => {
  it('counts the checks met and not met, and names each failure with what was measured', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-')), 'sub', 'r.json');
    writeTestReport(file, '/repo/bench/x.ts', [
      { name: '/a: at most 120 KB', failure: null },
      { name: '/b: TBT at most 200 ms', failure: 'TBT 240 ms' },
    ]);
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(report.numPassedTests).toBe(1);
    expect(report.numFailedTests).toBe(1);
    expect(report.testResults[0].status).toBe('failed');
    expect(report.testResults[0].assertionResults[1]).toEqual({
      fullName: '/b: TBT at most 200 ms',
      status: 'failed',
      failureMessages: ['TBT 240 ms'],
    });
  });
});
