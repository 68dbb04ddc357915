/** The messaging benchmark's options (see bench/messaging.ts for what each run does). */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../../src/server/test/server-process.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    streams: { type: 'string' },
    rate: { type: 'string' },
    duration: { type: 'string' },
    messages: { type: 'string' },
    connections: { type: 'string' },
    'read-duration': { type: 'string' },
    /** Requests per second of the paced reads the list and page budgets are judged on. */
    'read-rate': { type: 'string' },
    warmup: { type: 'string' },
    'busy-conversations': { type: 'string' },
    'data-dir': { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    /** Writes a V8 CPU profile of the server to DATA_DIR/profiles when it exits. */
    'server-profile': { type: 'boolean', default: false },
  },
});
export const QUICK = values.quick === true;
const option = (value: string | undefined, full: string, quick: string) =>
  Number(value ?? (QUICK ? quick : full));
export const STREAMS = option(values.streams, '1000', '50');
export const RATE = option(values.rate, '50', '10');
export const DURATION_S = option(values.duration, '60', '5');
export const MESSAGES = option(values.messages, '1000000', '20000');
export const CONNECTIONS = option(values.connections, '50', '50');
export const READ_DURATION_S = option(values['read-duration'], '20', '5');
export const READ_RATE = option(values['read-rate'], '20', '10');
export const WARMUP_S = option(values.warmup, '3', '2');
export const BUSY_CONVERSATIONS = option(values['busy-conversations'], '500', '500');
export const DATA_DIR = path.resolve(
  REPO_ROOT,
  values['data-dir'] ?? (QUICK ? 'data/bench-messaging-quick' : 'data/bench-messaging'),
);
export const LOG_LEVEL = values['log-level'] ?? 'info';
export const PAIRS = Math.floor(STREAMS / 2);
export const LOST_AFTER_MS = 5_000;
/** Issue 5's budgets, and issue 17's goals at 10,000 streams (p99 <= 100 ms, <= 30 KB a stream). */
export const BUDGET = {
  deliveryP99Ms: 150,
  conversationListP95Ms: 50,
  messagePageP95Ms: 20,
  issue17DeliveryP99Ms: 100,
  issue17StreamKb: 30,
};

if (!(PAIRS >= 1 && RATE > 0 && DURATION_S > 0 && BUSY_CONVERSATIONS >= 1)) {
  throw new Error('need --streams >= 2, --rate > 0, --duration > 0, --busy-conversations >= 1');
}

export const PASSWORD = 'bench-messaging-password';
export const DOMAIN = 'bench.stoop.test';
export const streamEmail = (i: number) => `s${String(i).padStart(5, '0')}@${DOMAIN}`;
export const partnerEmail = (j: number) => `p${String(j).padStart(5, '0')}@${DOMAIN}`;
export const BUSY_EMAIL = `busy@${DOMAIN}`;

/** `--server-profile`: a V8 CPU profile of the server, written to DATA_DIR/profiles. */
export const SERVER_PROFILE = values['server-profile'] === true;
