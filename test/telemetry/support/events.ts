/** Hooks that keep what keyward tells them, and the checks every telemetry test makes on it. */
import { expect } from 'vitest'
import { composeAuthorize } from '../../../src/core/compose-authorize.js'
import { hashKey } from '../../../src/core/key-format.js'
import { createMemoryStores } from '../../../src/stores/memory/index.js'
import type {
  DecisionEvent,
  LifecycleEvent,
  StoreFaultEvent,
  TelemetryOptions,
} from '../../../src/core/telemetry-events.js'
import type { AuthorizeInput, AuthorizeOutcome, KeywardStores } from '../../../src/core/types.js'

export interface Collected {
  decisions: DecisionEvent[]
  lifecycle: LifecycleEvent[]
  faults: StoreFaultEvent[]
  hooks: Required<Omit<TelemetryOptions, 'openTelemetry'>>
  /** Every event so far, in one list. */
  all(): unknown[]
}

export function collectEvents(): Collected {
  const decisions: DecisionEvent[] = []
  const lifecycle: LifecycleEvent[] = []
  const faults: StoreFaultEvent[] = []
  return {
    decisions,
    lifecycle,
    faults,
    hooks: {
      onDecision: (event) => void decisions.push(event),
      onLifecycle: (event) => void lifecycle.push(event),
      onStoreFault: (event) => void faults.push(event),
    },
    all: () => [...decisions, ...lifecycle, ...faults],
  }
}

/** Hooks are told on a timer once the decision is made: this waits past it. */
export const delivered = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

/** T1: no event holds a key, its secret part, or its hash (with or without the pepper). */
export function expectNoSecret(events: unknown[], keys: readonly string[], pepper?: string): void {
  const text = JSON.stringify(events)
  for (const key of keys) {
    expect(text).not.toContain(key)
    expect(text).not.toContain(key.slice(key.lastIndexOf('_') + 1))
    expect(text).not.toContain(hashKey(key))
    if (pepper !== undefined) expect(text).not.toContain(hashKey(key, pepper))
  }
}

export type StoreMode = 'ok' | 'throw' | 'hang'

/**
 * Memory stores whose authorize step answers synchronously or with a promise (as on Redis), and
 * can be made to throw (a fault, R5) or never answer.
 */
export function switchableStores(async: boolean): { stores: KeywardStores; setMode(mode: StoreMode): void } {
  const memory = createMemoryStores()
  const authorize = composeAuthorize(memory)
  let mode: StoreMode = 'ok'
  const fault = (input: AuthorizeInput) =>
    new Error(`store unavailable (test fault) while looking up ${input.hashes[0]}`)
  const stores: KeywardStores = {
    ...memory,
    authorize(input: AuthorizeInput) {
      if (mode === 'hang') return new Promise<AuthorizeOutcome>(() => undefined)
      if (async)
        return Promise.resolve().then(() => (mode === 'throw' ? Promise.reject(fault(input)) : authorize(input)))
      if (mode === 'throw') throw fault(input)
      return authorize(input)
    },
  }
  return { stores, setMode: (next) => (mode = next) }
}
