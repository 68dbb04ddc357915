import type { QueryClient } from '@tanstack/react-query';
import type { EventData, PublishedEventType } from '../../../shared/schemas/events.ts';

/*
 * How a feature plugs into the live stream (docs/architecture.md §5, decision 024): it declares a
 * `LiveFeature` with a handler per event type of the shared catalogue it cares about, and
 * `src/web/app/live-handlers.ts` lists the features whose handlers are on. Types only here: the
 * stream's client stays free of every feature.
 */

/** What a handler works with besides the event: the query cache and the signed-in user. */
export type LiveContext = { queryClient: QueryClient; me: string };

/**
 * One event type. `parse` narrows the stream's JSON to the catalogue's shape, or returns null to
 * drop the event. It is written by hand: this code runs on every page of a signed-in user, and zod
 * would be a second, larger download for it (decision 012). `apply` acts on it, usually by writing
 * the query cache.
 */
export type LiveHandler<T extends PublishedEventType> = {
  parse(data: unknown): EventData<T> | null;
  apply(data: EventData<T>, context: LiveContext): void;
};

export type LiveHandlers = { readonly [T in PublishedEventType]?: LiveHandler<T> };

/** A feature's part of the live stream. */
export type LiveFeature = {
  /** For logs and tests. */
  name: string;
  handlers: LiveHandlers;
  /**
   * The stream may have missed events (a fresh stream's `ready`, or `reset` after the replay
   * window): refetch whatever they would have changed.
   */
  resync(context: LiveContext): void;
};

/** Declares a feature's live handlers; the app decides which features are on. */
export function defineLiveFeature(feature: LiveFeature): LiveFeature {
  return feature;
}
