/** Slot lists and the page heap under the search index (search-index.ts). */

/** A growable list of slot numbers; a lexeme's postings also keep a bit set once dense. */
export class SlotList {
  data = new Int32Array(8);
  length = 0;
  /** Bit `s` set when slot `s` is listed: kept once the list holds 1 slot in 32 or more. */
  bits: Uint32Array | undefined;

  /** A list holding exactly `slots`. */
  static of(slots: number[]) {
    const list = new SlotList();
    list.data = Int32Array.from(slots.length ? slots : [0]);
    list.length = slots.length;
    return list;
  }

  push(slot: number) {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = slot;
  }

  /** Appends a posting, keeping the bit set (made when the list turns dense). */
  post(slot: number, slots: number) {
    this.push(slot);
    if (this.bits) this.set(slot);
    else if (this.length * 32 >= slots) this.index(slots);
  }

  /** Makes the bit set if the list is dense among `slots`, drops it if not. */
  index(slots: number) {
    this.bits = undefined;
    if (this.length * 32 < slots) return;
    this.bits = new Uint32Array((slots + 31) >>> 5);
    for (let i = 0; i < this.length; i++) this.set(this.data[i] as number);
  }

  private set(slot: number) {
    let bits = this.bits as Uint32Array;
    if (slot >>> 5 >= bits.length) {
      const grown = new Uint32Array(Math.max(bits.length * 2, (slot >>> 5) + 1));
      grown.set(bits);
      bits = grown;
      this.bits = grown;
    }
    bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  }

  insertAt(index: number, slot: number) {
    if (this.length === this.data.length) this.grow();
    this.data.copyWithin(index + 1, index, this.length);
    this.data[index] = slot;
    this.length++;
  }

  removeAt(index: number) {
    this.data.copyWithin(index, index + 1, this.length);
    this.length--;
  }

  private grow() {
    const data = new Int32Array(this.data.length * 2);
    data.set(this.data);
    this.data = data;
  }
}

/** First index whose slot is not `before` (the predicate is true, then false, along order). */
export function lowerBound(order: SlotList, before: (slot: number) => boolean) {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(order.data[mid] as number)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The `capacity` listings of smallest position seen so far (a max-heap on position). */
export class PageHeap {
  private readonly positions: Int32Array;
  private readonly slots: Int32Array;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.positions = new Int32Array(capacity);
    this.slots = new Int32Array(capacity);
  }

  offer(position: number, slot: number) {
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((this.positions[parent] as number) >= position) break;
        this.positions[i] = this.positions[parent] as number;
        this.slots[i] = this.slots[parent] as number;
        i = parent;
      }
      this.positions[i] = position;
      this.slots[i] = slot;
      return;
    }
    if (position >= (this.positions[0] as number)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const larger =
        right < this.size && (this.positions[right] as number) > (this.positions[left] as number)
          ? right
          : left;
      if ((this.positions[larger] as number) <= position) break;
      this.positions[i] = this.positions[larger] as number;
      this.slots[i] = this.slots[larger] as number;
      i = larger;
    }
    this.positions[i] = position;
    this.slots[i] = slot;
  }

  /** Slots by ascending position. */
  sorted(): number[] {
    const entries = Array.from({ length: this.size }, (_, i) => i);
    entries.sort((a, b) => (this.positions[a] as number) - (this.positions[b] as number));
    return entries.map((i) => this.slots[i] as number);
  }
}
