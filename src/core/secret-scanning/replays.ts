/**
 * The reports already acted on, each by an id of the report itself (its key id and body, hashed),
 * so the same report sent again changes nothing, whatever signature it carries. Held in this
 * process only, bounded in count and age.
 */
export interface ReplayMemory {
  /** Whether the report `id` was acted on within the window. */
  seen(id: string, now: number): boolean
  remember(id: string, now: number): void
  /** Forgets the report `id`, so a report whose handling failed can be sent again. */
  forget(id: string): void
}

export function createReplayMemory(maxEntries: number, windowMs: number): ReplayMemory {
  // Map keeps insertion order: the first entry is always the oldest.
  const acted = new Map<string, number>()
  return {
    seen(id, now) {
      const at = acted.get(id)
      return at !== undefined && now - at < windowMs
    },
    remember(id, now) {
      acted.delete(id)
      acted.set(id, now)
      for (const [oldest, at] of acted) {
        if (acted.size <= maxEntries && now - at < windowMs) break
        acted.delete(oldest)
      }
    },
    forget(id) {
      acted.delete(id)
    },
  }
}
