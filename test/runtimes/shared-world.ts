/**
 * An app's clock and store switch, shared between a test on Node and the app it drives in another
 * runtime's process through one small file: the test's `clock.advance()` and `setStore()` stay
 * synchronous, as the parity cases call them, and the app reads the file each time it needs either.
 * The file holds `<epoch ms> <store mode>`, replaced whole (a rename), so a read never sees half.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createManualClock, type ManualClock } from '../../src/core/clock.js'
import type { Clock } from '../../src/core/types.js'
import type { StoreMode } from '../adapters/support/switchable-stores.js'

/** The test's side: a manual clock and a store switch that write the file on every change. */
export function writeWorld(path: string): { clock: ManualClock; setStore(mode: StoreMode): void } {
  const clock = createManualClock()
  let mode: StoreMode = 'ok'
  const save = () => {
    writeFileSync(`${path}.next`, `${clock.now()} ${mode}`)
    renameSync(`${path}.next`, path)
  }
  save()
  return {
    clock: {
      now: clock.now,
      set(time) {
        clock.set(time)
        save()
      },
      advance(ms) {
        clock.advance(ms)
        save()
      },
    },
    setStore(next) {
      mode = next
      save()
    },
  }
}

/** The app's side: the clock and the store mode the test last wrote. */
export function readWorld(path: string): { clock: Clock; mode(): StoreMode } {
  const read = () => readFileSync(path, 'utf8').split(' ')
  return { clock: { now: () => Number(read()[0]) }, mode: () => read()[1] as StoreMode }
}
