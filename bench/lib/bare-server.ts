/**
 * Node's floor for an answer (issue 30): a bare `node:http` server that answers recorded bytes
 * (status, headers, body) for the paths it was given, and nothing else. bench/api-baseline.ts
 * runs it in its own process beside Stoop, with the answers Stoop gave, so the two differ only
 * in the work Stoop does to make them.
 *
 *   node --import tsx bench/lib/bare-server.ts <answers.json>   # PORT from the environment
 *
 * `answers.json`: `{ [pathWithQuery]: { status, headers: [name, value][], body: base64 } }`.
 * `GET /api/health` answers 200 (the process helpers wait on it). Node adds `Date` and
 * `Connection`/`Keep-Alive` itself, to Stoop's answers as to these.
 */
import fs from 'node:fs';
import http from 'node:http';

export type RecordedAnswer = { status: number; headers: [string, string][]; body: string };

type Prepared = { status: number; headers: string[]; body: Buffer };

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <answers.json>');
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map<string, Prepared>();
for (const [url, answer] of Object.entries(recorded)) {
  const body = Buffer.from(answer.body, 'base64');
  // Flat [name, value, …]: writeHead takes it as is, with no object to walk per answer.
  const headers = answer.headers.flat();
  answers.set(url, { status: answer.status, headers, body });
}
const health = Buffer.from('{"status":"ok","db":"ok"}');

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (answer) {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  } else if (req.url === '/api/health') {
    res.writeHead(200, ['Content-Type', 'application/json', 'Content-Length', `${health.length}`]);
    res.end(health);
  } else {
    res.writeHead(404, ['Content-Length', '0']);
    res.end();
  }
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
