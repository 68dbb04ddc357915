import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../../../shared/schemas/messaging.ts';

/** The text read out (aria-live) when a message from the other person arrives while open. */
export function useAnnouncement(list: readonly Message[], me: string, name: string): string {
  const [text, setText] = useState('');
  const seen = useRef<string | null | undefined>(undefined);
  const newest = list[list.length - 1];
  useEffect(() => {
    const id = newest?.id ?? null;
    if (seen.current === undefined) {
      // The first load is not news.
      if (id !== null) seen.current = id;
      return;
    }
    if (id === seen.current) return;
    seen.current = id;
    if (newest && newest.senderId !== me) {
      setText(`New message from ${name}: ${newest.content}`);
    }
  }, [newest, me, name]);
  return text;
}
