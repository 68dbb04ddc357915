/** The messaging benchmark's report (bench/messaging.ts): the JSON figures and a table. */
import fs from 'node:fs';
import os from 'node:os';
import { round } from '../lib/stats.ts';
import { staleSocketRetryCount } from './http.ts';
import { BUDGET, CONNECTIONS, DURATION_S, RATE, READ_DURATION_S, READ_RATE } from './options.ts';
import type { explainReads, runReads } from './reads.ts';
import type { runSends } from './sends.ts';
import type { LiveStreams } from './streams.ts';

/**
 * Prints the query plans, a table of the figures against their budgets, and the figures as
 * JSON on the last line; a lost message, a failed send or a failed read fails the run.
 */
export function report({
  logFile,
  live,
  streamFigures,
  sends,
  reads,
  plans,
  totalMessages,
  seedMs,
  postgresMeasured,
  loadAtStart,
  loadAtEnd,
  streamsOpenAtEnd,
}: {
  /** The server's log: its warnings and errors are counted. */
  logFile: string;
  live: LiveStreams;
  streamFigures: Awaited<ReturnType<LiveStreams['openAll']>>;
  sends: Awaited<ReturnType<typeof runSends>>;
  reads: Awaited<ReturnType<typeof runReads>>;
  plans: Awaited<ReturnType<typeof explainReads>>;
  totalMessages: number;
  seedMs: number;
  /** Whether the bench started PostgreSQL (and so measured its CPU). */
  postgresMeasured: boolean;
  loadAtStart: number[];
  loadAtEnd: number[];
  streamsOpenAtEnd: number;
}) {
  const { streams, unexpectedCloses, otherEvents } = live;
  const { openMs, rssBeforeKb, rssAfterKb, memoryPerStreamKb } = streamFigures;
  const {
    total,
    loadBeforeSends,
    pgSessions,
    serverCpuMs,
    pgCpuMs,
    benchCpu,
    rssAfterSendsKb,
    deliveryWindows,
    sendSummary,
    deliverySummary,
    sendErrors,
    lost,
    echoMissing,
    idMismatches,
    duplicates,
    outOfOrder,
    beforeAnswer,
    scheduleLag,
    achievedRate,
    cpuPercent,
  } = sends;
  const { list, listAlone, listPaced, listBytes, listed, page, pageAlone, pagePaced } = reads;
  const serverProblems = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /^\{"level":(4|5|6)\d\b/.test(line));
  const figures = {
    bench: 'messaging',
    streams: streams.length,
    sendRate: RATE,
    achievedRate,
    durationS: DURATION_S,
    sends: total,
    deliveryP50Ms: deliverySummary.p50,
    deliveryP95Ms: deliverySummary.p95,
    deliveryP99Ms: deliverySummary.p99,
    deliveryMaxMs: deliverySummary.max,
    lost,
    deliveryByWindow: deliveryWindows,
    sendErrors: sendErrors.length,
    senderEchoMissing: echoMissing,
    duplicates,
    outOfOrder,
    idMismatches,
    deliveredBeforeSendAnswer: beforeAnswer,
    scheduleLagP99Ms: scheduleLag.p99,
    sendP50Ms: sendSummary.p50,
    sendP95Ms: sendSummary.p95,
    sendP99Ms: sendSummary.p99,
    sendMaxMs: sendSummary.max,
    streamsOpenMs: round(openMs, 0),
    rssBeforeMb: round(rssBeforeKb / 1024, 1),
    rssAfterMb: round(rssAfterKb / 1024, 1),
    rssAfterSendsMb: round(rssAfterSendsKb / 1024, 1),
    memoryPerStreamKb: round(memoryPerStreamKb, 1),
    staleSocketRetries: staleSocketRetryCount(),
    postgresSessionsDuringSends: pgSessions,
    serverCpuPercentDuringSends: cpuPercent(serverCpuMs),
    postgresCpuPercentDuringSends: postgresMeasured ? cpuPercent(pgCpuMs) : null,
    benchCpuPercentDuringSends: cpuPercent((benchCpu.user + benchCpu.system) / 1000),
    unexpectedStreamCloses: unexpectedCloses,
    streamsOpenAtEnd,
    unexpectedEvents: otherEvents,
    serverLogWarnings: serverProblems.length,
    connections: CONNECTIONS,
    readDurationS: READ_DURATION_S,
    busyConversations: listed,
    readRate: READ_RATE,
    conversationListPacedP50Ms: listPaced.p50,
    conversationListPacedP95Ms: listPaced.p95,
    conversationListPacedFailures: listPaced.failures,
    messagePagePacedP50Ms: pagePaced.p50,
    messagePagePacedP95Ms: pagePaced.p95,
    messagePagePacedFailures: pagePaced.failures,
    conversationListRps: list.requestsPerSec,
    conversationListP50Ms: list.latencyMs.p50,
    conversationListP95Ms: list.latencyMs.p95,
    conversationListP99Ms: list.latencyMs.p99,
    conversationListNon2xx: list.non2xx + list.errors,
    conversationListAloneP50Ms: listAlone.p50,
    conversationListAloneP95Ms: listAlone.p95,
    conversationListServerCpuMsPerRequest: list.serverCpuPerRequestMs,
    conversationListBenchCpuPercent: list.benchCpuPercent,
    conversationListPostgresCpuMsPerRequest: postgresMeasured ? list.pgCpuPerRequestMs : null,
    /** Bytes of JSON: the first page, a page on average, and all pages of the inbox. */
    conversationListBytes: listBytes.firstPage,
    conversationListBytesPerPage: listBytes.perPage,
    conversationListBytesAllPages: listBytes.allPages,
    conversationListPages: listBytes.pages,
    conversationListByShape: list.byShape,
    messagePageRps: page.requestsPerSec,
    messagePageP50Ms: page.latencyMs.p50,
    messagePageP95Ms: page.latencyMs.p95,
    messagePageP99Ms: page.latencyMs.p99,
    messagePageNon2xx: page.non2xx + page.errors,
    messagePageAloneP50Ms: pageAlone.p50,
    messagePageAloneP95Ms: pageAlone.p95,
    messagePageServerCpuMsPerRequest: page.serverCpuPerRequestMs,
    messagePageBenchCpuPercent: page.benchCpuPercent,
    messagePagePostgresCpuMsPerRequest: postgresMeasured ? page.pgCpuPerRequestMs : null,
    messagePageBytes: pageAlone.bytes,
    messagePageByShape: page.byShape,
    totalMessages,
    seedMs: round(seedMs, 0),
    loadAverage: { start: loadAtStart, beforeSends: loadBeforeSends, end: loadAtEnd },
    cpus: os.cpus().length,
    budgets: {
      deliveryP99Ms: BUDGET.deliveryP99Ms,
      deliveryMet: deliverySummary.p99 <= BUDGET.deliveryP99Ms && lost === 0,
      conversationListP95Ms: BUDGET.conversationListP95Ms,
      conversationListMet:
        listPaced.p95 <= BUDGET.conversationListP95Ms && listPaced.failures === 0,
      messagePageP95Ms: BUDGET.messagePageP95Ms,
      messagePageMet: pagePaced.p95 <= BUDGET.messagePageP95Ms && pagePaced.failures === 0,
      /** docs/architecture.md §8: API reads p95 <= 50 ms under 50 concurrent clients. */
      conversationListAt50ClientsMet: list.latencyMs.p95 <= 50,
      messagePageAt50ClientsMet: page.latencyMs.p95 <= 50,
      lostMet: lost === 0,
      issue17DeliveryP99Ms: BUDGET.issue17DeliveryP99Ms,
      issue17DeliveryMet: deliverySummary.p99 <= BUDGET.issue17DeliveryP99Ms && lost === 0,
      issue17StreamKb: BUDGET.issue17StreamKb,
      issue17StreamKbMet: memoryPerStreamKb <= BUDGET.issue17StreamKb,
    },
  };

  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) GET /api/conversations as the busy user\n${plans.list}`,
  );
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) a middle page of it (cursor)\n${plans.listNextPage}`);
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) newest page of the largest thread\n${plans.newestPage}`,
  );
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) before= cursor mid-thread\n${plans.beforePage}`);

  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const rows: [string, string, string][] = [
    ['streams open (ready)', `${streams.length} (${streamsOpenAtEnd} still open at the end)`, ''],
    ['sends', `${total} at ${RATE}/s for ${DURATION_S} s (achieved ${achievedRate}/s)`, ''],
    [
      'send -> receive p50 / p99 / max',
      `${deliverySummary.p50} / ${deliverySummary.p99} / ${deliverySummary.max} ms`,
      `p99 <= ${BUDGET.deliveryP99Ms} ms: ${met(figures.budgets.deliveryMet)}; ` +
        `<= ${BUDGET.issue17DeliveryP99Ms} ms (issue 17): ${met(figures.budgets.issue17DeliveryMet)}`,
    ],
    ['lost (> 5 s or never)', String(lost), `0: ${met(lost === 0)}`],
    [
      '  per 10 s: p50/p99 ms, lost, max in flight, load',
      deliveryWindows
        .map((w) => `${w.p50}/${w.p99} ${w.lost} ${w.maxSendsInFlight} ${w.load1AtEnd ?? '-'}`)
        .join('; '),
      '',
    ],
    [
      'send (POST) p50 / p95 / p99',
      `${sendSummary.p50} / ${sendSummary.p95} / ${sendSummary.p99} ms`,
      '',
    ],
    [
      'send errors / duplicates / out of order',
      `${sendErrors.length} / ${duplicates} / ${outOfOrder}`,
      '',
    ],
    [
      'server RSS before / after streams / after sends',
      `${figures.rssBeforeMb} / ${figures.rssAfterMb} / ${figures.rssAfterSendsMb} MB`,
      '',
    ],
    [
      'memory per stream',
      `${figures.memoryPerStreamKb} KB`,
      `<= ${BUDGET.issue17StreamKb} KB (issue 17): ${met(figures.budgets.issue17StreamKbMet)}`,
    ],
    [
      'CPU during sends (server / postgres / bench)',
      `${figures.serverCpuPercentDuringSends}% / ${figures.postgresCpuPercentDuringSends ?? '?'}% / ${figures.benchCpuPercentDuringSends}%`,
      '',
    ],
    [
      `conversation list pages (${listed} convs) p50 / p95 at ${READ_RATE} req/s`,
      `${listPaced.p50} / ${listPaced.p95} ms (${listPaced.failures} failed)`,
      `p95 <= ${BUDGET.conversationListP95Ms} ms: ${met(figures.budgets.conversationListMet)}`,
    ],
    [
      `  ${CONNECTIONS} clients flat out p50 / p95`,
      `${list.latencyMs.p50} / ${list.latencyMs.p95} ms at ${list.requestsPerSec} req/s`,
      `p95 <= 50 ms (docs/architecture.md §8): ${met(figures.budgets.conversationListAt50ClientsMet)}`,
    ],
    [
      '  one client, one request at a time p50 / p95',
      `${listAlone.p50} / ${listAlone.p95} ms, ${round(listBytes.perPage / 1024, 1)} KB of JSON a page ` +
        `(${listBytes.pages} pages, ${Math.round(listBytes.allPages / 1024)} KB in all); CPU per request: ` +
        `server ${list.serverCpuPerRequestMs} ms, postgres ${list.pgCpuPerRequestMs} ms ` +
        `(bench client ${list.benchCpuPercent}% of a core)`,
      '',
    ],
    [
      `message page p50 / p95 at ${READ_RATE} req/s`,
      `${pagePaced.p50} / ${pagePaced.p95} ms (${pagePaced.failures} failed)`,
      `p95 <= ${BUDGET.messagePageP95Ms} ms: ${met(figures.budgets.messagePageMet)}`,
    ],
    [
      `  ${CONNECTIONS} clients flat out p50 / p95`,
      `${page.latencyMs.p50} / ${page.latencyMs.p95} ms at ${page.requestsPerSec} req/s`,
      `p95 <= 50 ms (docs/architecture.md §8): ${met(figures.budgets.messagePageAt50ClientsMet)}`,
    ],
    ...Object.entries(page.byShape).map(([shape, s]): [string, string, string] => [
      `  ${shape}`,
      `p50 ${s.p50} / p95 ${s.p95} ms (n=${s.n})`,
      '',
    ]),
    [
      '  one client, one request at a time p50 / p95',
      `${pageAlone.p50} / ${pageAlone.p95} ms, ${Math.round(pageAlone.bytes / 1024)} KB of JSON; CPU per request: ` +
        `server ${page.serverCpuPerRequestMs} ms, postgres ${page.pgCpuPerRequestMs} ms ` +
        `(bench client ${page.benchCpuPercent}% of a core)`,
      '',
    ],
    [
      'read failures (non-2xx, errors, timeouts > 10 s): list / page',
      `${figures.conversationListNon2xx} / ${figures.messagePageNon2xx}`,
      '',
    ],
    ['messages in the table', totalMessages.toLocaleString('en-US'), ''],
    [
      'load average (1/5/15 min)',
      `start ${loadAtStart.join(' ')}; sends ${loadBeforeSends.join(' ')}; end ${loadAtEnd.join(' ')}`,
      `${os.cpus().length} CPUs`,
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log('');
  for (const [label, value, budget] of rows) {
    console.log(`${label.padEnd(width)}  ${value}${budget ? `   [${budget}]` : ''}`);
  }
  if (serverProblems.length) {
    console.log(`\nserver log: ${serverProblems.length} warning/error lines, first ones:`);
    for (const line of serverProblems.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
  }
  console.log(JSON.stringify(figures));
  if (
    lost > 0 ||
    sendErrors.length > 0 ||
    figures.conversationListNon2xx > 0 ||
    figures.messagePageNon2xx > 0
  ) {
    process.exitCode = 1;
  }
}
