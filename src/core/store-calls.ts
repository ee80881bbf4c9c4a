/**
 * Calling stores that may answer synchronously (memory) or with a promise (Redis): one test for
 * which it was, and a bound in time for the promises (R5).
 */
import { StoreTimeoutError } from './errors.js'
import type { Awaitable } from './types.js'

/**
 * Whether a store answered with a promise (or any thenable) rather than a value. Store values
 * (records, decisions, undefined) never have a `then` method, so this costs one property miss.
 */
export function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function'
}

/**
 * R5: the same promise, rejected with StoreTimeoutError when it has not settled within `ms`; the
 * error names `bound`, the whole operation's bound when `ms` is what is left of it.
 */
export function withTimeout<T>(promise: PromiseLike<T>, ms: number, bound = ms): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StoreTimeoutError(bound)), Math.max(0, ms))
    timer.unref?.()
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** How the core waits on stores. */
export interface StoreCalls {
  /** The promise, bounded by `storeTimeoutMs` unless the stores bound their own calls as tightly. */
  bounded<T>(promise: Promise<T>): Promise<T>
  /**
   * A store's answer as a promise: a value at once, a promise bounded as `bounded` does. With
   * telemetry, a promise is timed and a fault told under `operation` (`keys.insert`, …).
   */
  call<T>(value: Awaitable<T>, operation?: string): Promise<T>
}

/** Told how the store calls keyward names went (T1, T2). */
export interface StoreObserver {
  /** The call settled after `ms` milliseconds; `failed` when it rejected or timed out. */
  settled(operation: string, ms: number, failed: boolean): void
  fault(error: unknown, operation: string): void
}

/**
 * @param storesBound the stores' own bound (`KeywardStores.timeoutMs`) when keyward may rely on
 *   it, else undefined. A store that settles every promise that fast needs no second timer.
 * @param observer told of each named call's duration and fault; without one, calls are not timed.
 */
export function createStoreCalls(
  storeTimeoutMs: number,
  storesBound: number | undefined,
  observer?: StoreObserver,
): StoreCalls {
  const ownTimer = storesBound === undefined || !(storesBound > 0) || storesBound > storeTimeoutMs
  const bounded = ownTimer
    ? <T>(promise: Promise<T>): Promise<T> => withTimeout(promise, storeTimeoutMs)
    : <T>(promise: Promise<T>): Promise<T> => promise
  if (observer === undefined) {
    return {
      bounded,
      async call<T>(value: Awaitable<T>): Promise<T> {
        return isPromise(value) ? bounded(value) : value
      },
    }
  }
  return {
    bounded,
    async call<T>(value: Awaitable<T>, operation = 'store'): Promise<T> {
      if (!isPromise(value)) return value
      const start = performance.now()
      try {
        const answer = await bounded(value)
        observer.settled(operation, performance.now() - start, false)
        return answer
      } catch (error) {
        observer.settled(operation, performance.now() - start, true)
        observer.fault(error, operation)
        throw error
      }
    },
  }
}

/** What keyward was doing when a store failed. */
export type FaultPhase = 'authenticate' | 'usage' | 'manage' | 'charge' | 'events' | 'analytics'

/** Tells the host of a store fault (`onError`); a host logger that throws changes nothing. */
export type ReportFault = (error: unknown, requestId: string, phase: FaultPhase) => void

/**
 * @param onStoreFault the telemetry hook's part (T1), told after `onError`; already deferred, so it
 *   adds no wait to the request that failed.
 */
export function createFaultReporter(
  onError: ((error: unknown, info: { requestId: string; phase: FaultPhase | 'hook' }) => void) | undefined,
  onStoreFault?: ReportFault,
): ReportFault {
  return (error, requestId, phase) => {
    try {
      onError?.(error, { requestId, phase })
    } catch {
      // A failing logger must not turn a 500 into a crash, nor fail a request that succeeded.
    }
    try {
      onStoreFault?.(error, requestId, phase)
    } catch {
      // An error that cannot even be described is still a 500; the hook misses it.
    }
  }
}
