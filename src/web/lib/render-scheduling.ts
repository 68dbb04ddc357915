/*
 * When Preact re-renders after a state change (decision 066). By default it re-renders in a
 * microtask, so every update that follows from another in the same task (a route's code
 * arriving, the router settling, a query's answer, a stylesheet's load) renders inside that one
 * task: on a signed-in page's load that made single tasks of 100 ms and more. Here a re-render
 * that no input started runs as a task of its own (a MessageChannel message, which the browser
 * does not clamp as it does nested timers), so the browser can paint and answer taps between
 * them. One started while an input is being dispatched (a click, a key, typing, a submit)
 * still renders before the next paint, as Preact's own default does.
 */
import { options } from 'preact';

/** Events a person makes: what they did shows in the same frame. */
const INPUT_EVENTS = new Set(['input', 'change', 'submit', 'reset', 'beforeinput']);

export function isInput(event: Event | undefined): boolean {
  if (event === undefined) return false;
  return (
    (typeof UIEvent !== 'undefined' && event instanceof UIEvent) || INPUT_EVENTS.has(event.type)
  );
}

/** A debounceRendering for Preact: microtask inside an input, its own task otherwise. */
export function renderScheduler(
  currentEvent: () => Event | undefined,
): (render: () => void) => void {
  const channel = new MessageChannel();
  const queued: Array<() => void> = [];
  channel.port1.onmessage = () => {
    for (const render of queued.splice(0)) render();
  };
  return (render) => {
    if (isInput(currentEvent())) {
      queueMicrotask(render);
      return;
    }
    queued.push(render);
    if (queued.length === 1) channel.port2.postMessage(null);
  };
}

export function yieldBetweenRenders(): void {
  // `window.event`: the event being dispatched, if any (deprecated, but kept by every engine
  // for this very question).
  options.debounceRendering = renderScheduler(() => window.event);
}
