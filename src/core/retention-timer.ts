/** Retention in the background: a store's old entries deleted on a timer that never keeps the process alive. */

/** Runs `deleteExpired` every `intervalMs`, never two passes at once (0: never); a failed pass goes to `report`. */
export function startRetention(
  intervalMs: number,
  deleteExpired: () => Promise<number>,
  report: (error: unknown) => void,
): { stop(): void } {
  if (intervalMs === 0) return { stop() {} }
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    deleteExpired()
      .catch(report)
      .finally(() => (running = false))
  }, intervalMs)
  timer.unref?.()
  return { stop: () => clearInterval(timer) }
}
