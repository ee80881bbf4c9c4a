/** How background writes (usage entries, `lastUsedAt`) tell the host that Postgres refused them. */

/**
 * The default reporter: one process warning at most every `ms`, with how many failures it stands
 * for. An outage fails every retry; a warning for each would flood the logs.
 */
export function warnAtMostEvery(ms: number, what: string): (error: unknown) => void {
  let last = -Infinity
  let suppressed = 0
  return (error) => {
    const now = Date.now()
    if (now - last < ms) {
      suppressed++
      return
    }
    const more = suppressed > 0 ? ` (${suppressed} more failures since the last warning)` : ''
    last = now
    suppressed = 0
    process.emitWarning(`keyward/postgres: ${what}: ${(error as Error)?.message ?? String(error)}${more}`)
  }
}

/** Calls the host's reporter; one that throws must not stop the retries. */
export function safeReporter(report: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    try {
      report(error)
    } catch {
      // Ignored: the write is retried either way.
    }
  }
}
