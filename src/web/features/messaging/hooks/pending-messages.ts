import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Message } from '../../../../shared/schemas/messaging.ts';
import { upsertMessage } from '../api/message-cache.ts';

/** A message typed here and not yet confirmed by the server (optimistic sending). */
export type PendingMessage = {
  /** The idempotency key: one per message, the same for every retry. */
  key: string;
  conversationId: string;
  content: string;
  listingId: string | null;
  createdAt: string;
  status: 'sending' | 'failed';
  error: string | null;
};

/**
 * Pending messages by conversation, outside React state so they survive switching threads
 * (a send that finishes while another thread is open still lands in its own).
 */
const store = new Map<string, readonly PendingMessage[]>();
const listeners = new Set<() => void>();
const EMPTY: readonly PendingMessage[] = [];

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingFor(conversationId: string): readonly PendingMessage[] {
  return store.get(conversationId) ?? EMPTY;
}

export function addPending(message: PendingMessage) {
  store.set(message.conversationId, [...pendingFor(message.conversationId), message]);
  emit();
}

export function updatePending(
  conversationId: string,
  key: string,
  change: Partial<Pick<PendingMessage, 'status' | 'error'>>,
) {
  store.set(
    conversationId,
    pendingFor(conversationId).map((m) => (m.key === key ? { ...m, ...change } : m)),
  );
  emit();
}

export function removePending(conversationId: string, key: string) {
  const rest = pendingFor(conversationId).filter((m) => m.key !== key);
  if (rest.length === 0) store.delete(conversationId);
  else store.set(conversationId, rest);
  emit();
}

/**
 * The server's copy of the pending message `key` arrived (the send's answer, or the sender's
 * `message.created`, which carries the key): it goes into its thread and replaces exactly that
 * pending message, whatever the others say. The query cache tells React in its next batch, so the
 * removal joins that batch: both change in one render, and nothing blinks out in between.
 */
export function deliverPending(queryClient: QueryClient, message: Message, key: string) {
  notifyManager.batch(() => {
    upsertMessage(queryClient, message, true);
    notifyManager.schedule(() => removePending(message.conversationId, key));
  });
}

/** Test helper: forget everything. */
export function clearPending() {
  store.clear();
  emit();
}

export function usePendingMessages(conversationId: string): readonly PendingMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => pendingFor(conversationId),
    () => EMPTY,
  );
}
