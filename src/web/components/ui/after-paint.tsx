import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isHydrating } from '../../lib/hydration.ts';

/*
 * AfterPaints take turns: one renders its children, and the next starts once those have painted.
 * Mounted in one render, they would all set their state in one effect pass and render together
 * in one task (decision 068: on /landlord/availability the lower sections and the slot preview
 * were one 30 ms task unthrottled).
 */
type Turn = { go: () => void };
const waiting: Turn[] = [];
let current: Turn | null = null;

function advance(): void {
  current = waiting.shift() ?? null;
  current?.go();
}

function takeTurn(turn: Turn): void {
  waiting.push(turn);
  if (current === null) advance();
}

/** The turn is over (its children have painted, or it unmounted): the next one goes. */
function endTurn(turn: Turn): void {
  const index = waiting.indexOf(turn);
  if (index >= 0) waiting.splice(index, 1);
  if (current === turn) advance();
}

/**
 * Renders its children once the screen above them has been painted: a page's lower sections
 * (below the fold on a phone) then render and lay out as a task of their own instead of in the
 * page's one big render (decision 066). Only where appearing a moment later pushes nothing on
 * screen: content at the end of a page (the footer starts below the fold), or with a `fallback`
 * of the same size. Several on one screen render one after the other, in the order they mounted.
 */
export function AfterPaint({
  children,
  fallback = null,
  inServerMarkup = false,
}: {
  children: ReactNode;
  /** What stands in its place until then (the same size, so nothing moves when it is replaced). */
  fallback?: ReactNode;
  /**
   * Rendered at once on the server and when hydrating its markup (decision 075): content a page
   * must carry in its HTML (search results as links). Never for what only a browser can draw.
   */
  inServerMarkup?: boolean;
}) {
  const [painted, setPainted] = useState(() => inServerMarkup && isHydrating());
  const turn = useRef<Turn | null>(null);
  // An effect runs after the browser has painted the render that mounted it.
  useEffect(() => {
    const mine: Turn = { go: () => setPainted(true) };
    turn.current = mine;
    takeTurn(mine);
    return () => endTurn(mine);
  }, []);
  // And this one after the children have painted.
  useEffect(() => {
    if (painted && turn.current) endTurn(turn.current);
  }, [painted]);
  return painted ? children : fallback;
}
