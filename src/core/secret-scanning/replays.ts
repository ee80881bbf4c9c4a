/**
 * The signatures of reports already acted on, so the same signed request sent again changes
 * nothing. ECDSA signatures are randomised: GitHub signing a report anew gives a new signature,
 * while a copy of a request carries the old one. Held in this process only, bounded in count and age.
 */
export interface ReplayMemory {
  /** Whether `signature` was acted on within the window. */
  seen(signature: string, now: number): boolean
  remember(signature: string, now: number): void
  /** Forgets `signature`, so a report whose handling failed can be sent again. */
  forget(signature: string): void
}

export function createReplayMemory(maxEntries: number, windowMs: number): ReplayMemory {
  // Map keeps insertion order: the first entry is always the oldest.
  const acted = new Map<string, number>()
  return {
    seen(signature, now) {
      const at = acted.get(signature)
      return at !== undefined && now - at < windowMs
    },
    remember(signature, now) {
      acted.delete(signature)
      acted.set(signature, now)
      for (const [oldest, at] of acted) {
        if (acted.size <= maxEntries && now - at < windowMs) break
        acted.delete(oldest)
      }
    },
    forget(signature) {
      acted.delete(signature)
    },
  }
}
