/**
 * `tsx scripts/lib/wait-healthy.ts <url> [pid] [timeout-seconds]`: polls the URL until it
 * answers 200. Exits 1 on timeout, or at once when the process `pid` (the server) has died.
 */
const [url, pidArg, timeoutArg] = process.argv.slice(2);
if (!url) {
  console.error('usage: wait-healthy.ts <url> [pid] [timeout-seconds]');
  process.exit(2);
}
const pid = pidArg ? Number(pidArg) : undefined;
const deadline = Date.now() + Number(timeoutArg ?? 90) * 1000;

function alive(id: number): boolean {
  try {
    process.kill(id, 0);
    return true;
  } catch {
    return false;
  }
}

while (Date.now() < deadline) {
  if (pid !== undefined && !alive(pid)) {
    console.error(`wait-healthy: the server (pid ${pid}) exited before ${url} answered.`);
    process.exit(1);
  }
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    if (res.status === 200) process.exit(0);
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
console.error(`wait-healthy: ${url} did not answer 200 in time.`);
process.exit(1);

export {};
