import { describe, expect, it } from 'vitest';
import { inATaskOfItsOwn } from './one-task-each.ts';

/** Resolves after `n` rounds of the event loop (each a task). */
const tasks = (n: number) =>
  new Promise<void>((resolve) => {
    let left = n;
    const next = () => (--left <= 0 ? resolve() : setTimeout(next, 0));
    setTimeout(next, 0);
  });

describe('inATaskOfItsOwn', () => {
  it('runs each job in its own task, in order, never in the queuing task', async () => {
    const ran: string[] = [];
    const microtasksSeen: string[] = [];
    inATaskOfItsOwn(() => {
      ran.push('a');
      // A microtask queued by one job runs before the next job: they are separate tasks.
      queueMicrotask(() => microtasksSeen.push(`after a, ran=${ran.join('')}`));
    });
    inATaskOfItsOwn(() => ran.push('b'));
    inATaskOfItsOwn(() => ran.push('c'));
    expect(ran).toEqual([]);
    await tasks(5);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(microtasksSeen).toEqual(['after a, ran=a']);
  });

  it('skips a cancelled job and still runs the ones after it', async () => {
    const ran: string[] = [];
    inATaskOfItsOwn(() => ran.push('a'));
    const cancel = inATaskOfItsOwn(() => ran.push('b'));
    inATaskOfItsOwn(() => ran.push('c'));
    cancel();
    await tasks(5);
    expect(ran).toEqual(['a', 'c']);
  });

  it('runs jobs queued from inside a job', async () => {
    const ran: string[] = [];
    inATaskOfItsOwn(() => {
      ran.push('outer');
      inATaskOfItsOwn(() => ran.push('inner'));
    });
    await tasks(5);
    expect(ran).toEqual(['outer', 'inner']);
  });
});
