/**
 * How writes made off the request's path (buffered usage entries, `lastUsedAt`) tell the host that
 * a store refused them, when the host passed no reporter of its own.
 */

/**
 * One process warning at most every `ms`, `<what>: <error>`, with how many failures it stands for.
 * An outage fails every retry; a warning for each would flood the logs.
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
    process.emitWarning(`${what}: ${(error as Error)?.message ?? String(error)}${more}`)
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
