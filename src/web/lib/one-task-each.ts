/*
 * Work that runs one piece per task, in the order it was queued: a page's charts each draw in a
 * task of their own instead of all inside the render that mounted them, so the browser can paint
 * and answer taps between them (decision 066). A MessageChannel message, which the browser does
 * not clamp as it does nested timers.
 */
type Job = { run: () => void; cancelled: boolean };

const pending: Job[] = [];
let channel: MessageChannel | null = null;

function runNext(): void {
  let job = pending.shift();
  while (job?.cancelled) job = pending.shift();
  if (pending.length > 0) channel?.port2.postMessage(null);
  job?.run();
}

/** Runs `run` in a task of its own after the jobs queued before it; returns a cancel. */
export function inATaskOfItsOwn(run: () => void): () => void {
  if (channel === null) {
    channel = new MessageChannel();
    channel.port1.onmessage = runNext;
  }
  const job: Job = { run, cancelled: false };
  pending.push(job);
  if (pending.length === 1) channel.port2.postMessage(null);
  return () => {
    job.cancelled = true;
  };
}
