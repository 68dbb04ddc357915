// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isInput, renderScheduler } from './render-scheduling.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

describe('renderScheduler', () => {
  it('renders outside an input in a task of its own, after the current one and its microtasks', async () => {
    const order: string[] = [];
    const schedule = renderScheduler(() => undefined);
    schedule(() => order.push('render'));
    queueMicrotask(() => order.push('microtask'));
    await Promise.resolve();
    expect(order).toEqual(['microtask']);
    await nextTask();
    expect(order).toEqual(['microtask', 'render']);
  });

  it('runs the renders queued before its task in that one task, once each, in order', async () => {
    const order: string[] = [];
    const schedule = renderScheduler(() => undefined);
    schedule(() => order.push('a'));
    schedule(() => order.push('b'));
    await nextTask();
    expect(order).toEqual(['a', 'b']);
    schedule(() => order.push('c'));
    await nextTask();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('renders within an input before anything else runs: a microtask', async () => {
    const order: string[] = [];
    const click = new MouseEvent('click');
    const schedule = renderScheduler(() => click);
    schedule(() => order.push('render'));
    setTimeout(() => order.push('task'), 0);
    await Promise.resolve();
    expect(order).toEqual(['render']);
  });

  it('tells what a person did from what the page or the network did', () => {
    expect(isInput(new MouseEvent('click'))).toBe(true);
    expect(isInput(new KeyboardEvent('keydown'))).toBe(true);
    expect(isInput(new FocusEvent('focus'))).toBe(true);
    expect(isInput(new Event('input'))).toBe(true);
    expect(isInput(new Event('change'))).toBe(true);
    expect(isInput(new Event('submit'))).toBe(true);
    expect(isInput(new Event('load'))).toBe(false);
    expect(isInput(new MessageEvent('message'))).toBe(false);
    expect(isInput(new Event('scroll'))).toBe(false);
    expect(isInput(undefined)).toBe(false);
  });
});
