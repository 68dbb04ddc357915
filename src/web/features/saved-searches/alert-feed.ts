import type { Alert } from '../../../shared/schemas/saved-searches.ts';

/*
 * The live stream's handlers (a chunk of their own, outside React) hand each `alert.created` to
 * the mounted notifier here. One module instance, shared by both chunks.
 */

type Listener = (alert: Alert) => void;
const listeners = new Set<Listener>();

/** Announces an alert to whoever listens (the layout's notifier); nobody listening drops it. */
export function announceAlert(alert: Alert): void {
  for (const listener of listeners) listener(alert);
}

/** Listens for alerts; returns the function that stops. */
export function onAlert(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
