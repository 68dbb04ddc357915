import { useSyncExternalStore } from 'react';

/** Whether the live stream (`GET /api/events`) is open: threads poll only while it is not. */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

export function isLiveConnected(): boolean {
  return connected;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(subscribe, isLiveConnected, () => false);
}
