import { type ZodType, z } from 'zod';
import type { TrafficRecord } from './openapi-traffic.ts';

type JsonSchema = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
export type OpenApiDoc = {
  paths: Record<string, Record<string, { responses: Responses }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type ContractReport = { checked: number; unmatched: number; mismatches: string[] };

type Operation = { method: string; template: string; pattern: RegExp; responses: Responses };

/** The document's operations, literal paths first so `/a/mine` wins over `/a/{id}`. */
function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops = Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      responses: op.responses,
    })),
  );
  const params = (t: string) => (t.match(/\{/g) ?? []).length;
  return ops.sort((a, b) => params(a.template) - params(b.template));
}

/**
 * Checks each recorded answer against the document: its operation exists, its status is
 * documented by exact code, and a JSON body matches that status's schema (the document's own
 * JSON Schema, read back with zod so no second validator is needed). Requests no operation
 * matches (the /api 404 catch-all, auth endpoints Stoop does not forward) are only counted.
 */
export function checkTraffic(doc: OpenApiDoc, records: readonly TrafficRecord[]): ContractReport {
  const operations = operationsOf(doc);
  // `#/components/schemas/X` as the local `#/$defs/X` zod's reader resolves.
  const defs = JSON.parse(
    JSON.stringify(doc.components?.schemas ?? {}).replaceAll('#/components/schemas/', '#/$defs/'),
  ) as Record<string, JsonSchema>;
  const validators = new Map<JsonSchema, ZodType>();
  const validatorOf = (schema: JsonSchema) => {
    let validator = validators.get(schema);
    if (!validator) {
      const local = JSON.parse(
        JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/'),
      ) as JsonSchema;
      validator = z.fromJSONSchema({ ...local, $defs: defs } as Parameters<
        typeof z.fromJSONSchema
      >[0]);
      validators.set(schema, validator);
    }
    return validator;
  };

  // Each mismatch once, with the first test file that saw it.
  const mismatches = new Map<string, string>();
  const note = (mismatch: string, record: TrafficRecord) => {
    if (!mismatches.has(mismatch)) mismatches.set(mismatch, record.file ?? '');
  };
  let checked = 0;
  let unmatched = 0;
  for (const record of records) {
    const op = operations.find((o) => o.method === record.method && o.pattern.test(record.path));
    if (!op) {
      unmatched += 1;
      continue;
    }
    checked += 1;
    const where = `${record.method} ${op.template} → ${record.status}`;
    const documented = op.responses[String(record.status)];
    if (!documented) {
      const code = errorCode(record.body);
      note(`${where}${code ? ` ${code}` : ''}: status not documented`, record);
      continue;
    }
    const isJson = record.body !== undefined;
    const media = record.contentType.split(';')[0]?.trim() ?? '';
    const types = Object.keys(documented.content ?? {});
    const schema = documented.content?.['application/json']?.schema;
    if (isJson && !schema) {
      note(`${where}: answers JSON, documents no JSON body`, record);
    } else if (types.length > 0 && !types.includes(media)) {
      note(`${where}: documents ${types.join(', ')}, answers '${media}'`, record);
    } else if (isJson && schema) {
      const result = validatorOf(schema).safeParse(record.body);
      if (!result.success) {
        const issues = result.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
          .join('; ');
        note(`${where}: body does not match the schema: ${issues}`, record);
      }
    }
  }
  return {
    checked,
    unmatched,
    mismatches: [...mismatches].map(([m, file]) => (file ? `${m} (${file})` : m)).sort(),
  };
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return String((error as { code: unknown }).code);
}
