/**
 * A queue of ids ordered by due time (a binary min-heap), earliest first and, at the same time, in
 * the order they were pushed. Taking what is due costs log n per id taken, however many ids are due
 * later. Entries are never updated in place: a caller that reschedules an id pushes it again and
 * skips the outdated entry when it comes out (its `version` no longer the id's).
 */
export interface DueEntry {
  at: number
  id: string
  version: number
}

interface Slot extends DueEntry {
  order: number
}

export interface DueQueue {
  push(entry: DueEntry): void
  /** The earliest entry due at or before `now`, taken out of the queue; undefined when none is. */
  takeDue(now: number): DueEntry | undefined
  readonly size: number
}

export function createDueQueue(): DueQueue {
  const heap: Slot[] = []
  let pushed = 0
  const before = (a: Slot, b: Slot) => a.at < b.at || (a.at === b.at && a.order < b.order)

  function swap(i: number, j: number): void {
    const held = heap[i]!
    heap[i] = heap[j]!
    heap[j] = held
  }

  function up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(heap[i]!, heap[parent]!)) return
      swap(i, parent)
      i = parent
    }
  }

  function down(i: number): void {
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let least = i
      if (left < heap.length && before(heap[left]!, heap[least]!)) least = left
      if (right < heap.length && before(heap[right]!, heap[least]!)) least = right
      if (least === i) return
      swap(i, least)
      i = least
    }
  }

  return {
    push(entry) {
      heap.push({ ...entry, order: pushed++ })
      up(heap.length - 1)
    },
    takeDue(now) {
      const first = heap[0]
      if (first === undefined || first.at > now) return undefined
      const last = heap.pop()!
      if (heap.length > 0) {
        heap[0] = last
        down(0)
      }
      return { at: first.at, id: first.id, version: first.version }
    },
    get size() {
      return heap.length
    },
  }
}
