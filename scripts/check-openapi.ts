/**
 * Validates /api/openapi.json (issue 27) as `npm run verify`'s last step, without a database:
 * the document is valid OpenAPI 3.1 for @apidevtools/swagger-parser (so client generators read
 * it), and every operation documents its statuses by exact code, at least one a success (2xx or a redirect)
 * (no `4XX`-style ranges, which say nothing a client can act on). Exit 1 names each problem.
 *
 *   npx tsx scripts/check-openapi.ts
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { loadOpenApiDocument } from '../src/server/test/openapi-document.ts';

const doc = await loadOpenApiDocument();
const problems: string[] = [];
let operations = 0;
let statuses = 0;
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    operations += 1;
    const codes = Object.keys(op.responses);
    statuses += codes.length;
    const where = `${method.toUpperCase()} ${path}`;
    if (!codes.some((code) => /^[23]\d\d$/.test(code)))
      problems.push(`${where}: no success status`);
    for (const code of codes.filter((c) => !/^\d{3}$/.test(c))) {
      problems.push(`${where}: '${code}' is a range, not a status`);
    }
  }
}
try {
  // It dereferences the document in place: it gets a copy. `doc` is typed only as far as the
  // contract check reads it; the validator's own type is the whole OpenAPI document.
  await SwaggerParser.validate(structuredClone(doc) as unknown as SwaggerParser['api']);
} catch (error) {
  problems.push(`not valid OpenAPI: ${error instanceof Error ? error.message : String(error)}`);
}
if (problems.length > 0) {
  console.error(`/api/openapi.json:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`/api/openapi.json: valid, ${operations} operations, ${statuses} documented statuses`);
