import type { SlotList } from './search-index-lists.ts';
import type { Candidates, TextTerm } from './search-index-types.ts';

/** The search index's full-text pass (search-index.ts): posting lists and bit sets ANDed. */

/** A term's posting lists: its lexeme's own, or (a prefix) those of every lexeme it starts. */
export function postingsFor(
  postings: Map<string, SlotList>,
  vocabulary: () => string[],
  { lexeme, prefix }: TextTerm,
): SlotList[] {
  if (!prefix) {
    const list = postings.get(lexeme);
    return list ? [list] : [];
  }
  const words = vocabulary();
  const lists: SlotList[] = [];
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words[mid] as string) < lexeme) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < words.length && (words[i] as string).startsWith(lexeme); i++) {
    lists.push(postings.get(words[i] as string) as SlotList);
  }
  return lists;
}

/**
 * The candidates: the live slots with every term. Each term is a bit set over slots (a lexeme's
 * own when it has one, else the union of its postings, a prefix's several), and the terms are
 * ANDed. `termLists`: each term's posting lists; the bit arrays are scratch of at least n bits.
 */
export function textCandidates(
  c: Candidates,
  alive: Uint8Array,
  n: number,
  termLists: SlotList[][],
  { textBits, termBits }: { textBits: Uint32Array; termBits: Uint32Array },
) {
  const words = (n + 31) >>> 5;
  textBits.fill(-1 >>> 0, 0, words);
  for (const lists of termLists) {
    let bits: Uint32Array = termBits;
    if (lists.length === 1 && lists[0]?.bits) {
      bits = lists[0].bits;
    } else {
      termBits.fill(0, 0, words);
      for (const list of lists) {
        if (list.bits) {
          const own = list.bits;
          for (let w = Math.min(words, own.length) - 1; w >= 0; w--) {
            termBits[w] = (termBits[w] as number) | (own[w] as number);
          }
        } else {
          const { data, length } = list;
          for (let i = 0; i < length; i++) {
            const slot = data[i] as number;
            termBits[slot >>> 5] = (termBits[slot >>> 5] as number) | (1 << (slot & 31));
          }
        }
      }
    }
    for (let w = 0; w < words; w++) textBits[w] = (textBits[w] as number) & (bits[w] ?? 0);
  }
  // Set bits only: a word without matches (most, for a rare word) costs one test.
  const { slots } = c;
  let kept = 0;
  for (let w = 0; w < words; w++) {
    let bits = textBits[w] as number;
    while (bits !== 0) {
      const low = bits & -bits;
      const s = (w << 5) + 31 - Math.clz32(low);
      bits ^= low;
      slots[kept] = s;
      kept += alive[s] as number; // past n, alive is 0
    }
  }
  c.length = kept;
}
