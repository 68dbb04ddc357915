import { checkTraffic } from './openapi-contract.ts';
import { loadOpenApiDocument } from './openapi-document.ts';
import { readTraffic } from './openapi-traffic.ts';

/**
 * The contract test of issue 27: every answer the api project's files received, checked against
 * /api/openapi.json once all files are done. A mismatch fails the run (exit code 1) with the list.
 */
export async function checkRecordedTraffic(dir: string) {
  const started = Date.now();
  const records = readTraffic(dir);
  if (records.length === 0) return;
  const report = checkTraffic(await loadOpenApiDocument(), records);
  const summary = `OpenAPI contract: ${report.checked} answers checked against /api/openapi.json in ${Date.now() - started} ms, ${report.unmatched} to no operation`;
  if (report.mismatches.length === 0) {
    console.log(`${summary}: all documented.`);
    return;
  }
  process.exitCode = 1;
  console.error(
    `${summary}: ${report.mismatches.length} mismatches\n${report.mismatches.map((m) => `  ${m}`).join('\n')}`,
  );
}
