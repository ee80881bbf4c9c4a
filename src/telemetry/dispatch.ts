/**
 * Calling the host's hooks (T1) so that they can change nothing about a response: events are
 * queued and delivered on a timer, after the adapter has written the response they describe; a
 * hook is never awaited, and one that throws or rejects is caught and reported once.
 */
import type { HookName } from '../core/telemetry-events.js'

/** Told of the first failure of each hook. */
export type HookFailureReport = (error: unknown, hook: HookName) => void

/** Queues `event` for `hook`, to be called on a later turn of the event loop. */
export type Deliver = <E>(hook: HookName, listener: (event: E) => unknown, event: E) => void

export function createHookDispatcher(reportFailure: HookFailureReport): Deliver {
  // Flat triples (name, listener, event): one array for any number of events in one turn.
  let queue: unknown[] = []
  const failed = new Set<HookName>()

  function fail(hook: HookName, error: unknown): void {
    if (failed.has(hook)) return
    failed.add(hook)
    try {
      reportFailure(error, hook)
    } catch {
      // The report itself failed: nothing is left to tell.
    }
  }

  function run(hook: HookName, listener: (event: unknown) => unknown, event: unknown): void {
    try {
      const returned = listener(event)
      if (typeof (returned as PromiseLike<unknown> | null)?.then === 'function') {
        ;(returned as PromiseLike<unknown>).then(undefined, (error: unknown) => fail(hook, error))
      }
    } catch (error) {
      fail(hook, error)
    }
  }

  function flush(): void {
    const events = queue
    queue = []
    for (let i = 0; i < events.length; i += 3)
      run(events[i] as HookName, events[i + 1] as (event: unknown) => unknown, events[i + 2])
  }

  // A timer, not an immediate: the adapters run admitted requests on an immediate, and a slow hook
  // must run after them, once their responses are written.
  return function deliver(hook, listener, event) {
    if (queue.push(hook, listener, event) === 3) setTimeout(flush, 0)
  }
}
