import { SSR_STATE_ID } from '../../shared/ssr.ts';

/*
 * True while the tree renders from server markup: on the server itself, and in the browser from
 * `hydrateRoot` until the hydrated tree's effects have run (`endHydration`). A component whose
 * first render differs between a fresh start and a server-rendered one reads it once, in its
 * state's initializer, so both sides of a hydration render the same thing.
 */
let hydrating = typeof window === 'undefined' || document.getElementById(SSR_STATE_ID) !== null;

export function isHydrating(): boolean {
  return hydrating;
}

export function startHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  hydrating = typeof window === 'undefined';
}
