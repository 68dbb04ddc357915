/*
 * A benchmark's checks written as test results, in the shape of Vitest's JSON report, which
 * `npm test` counts beside the suite's own and names when one fails (scripts/test.sh).
 */
import fs from 'node:fs';
import path from 'node:path';

/** One budget or threshold: its name, and what was measured when it is not met (else null). */
export type Check = { name: string; failure: string | null };

export function writeTestReport(file: string, source: string, checks: readonly Check[]): void {
  const failed = checks.filter((check) => check.failure !== null).length;
  const report = {
    numPassedTests: checks.length - failed,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [
      {
        name: source,
        status: failed > 0 ? 'failed' : 'passed',
        assertionResults: checks.map((check) => ({
          fullName: check.name,
          status: check.failure === null ? 'passed' : 'failed',
          failureMessages: check.failure === null ? [] : [check.failure],
        })),
      },
    ],
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(report));
}
