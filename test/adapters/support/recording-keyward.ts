/**
 * A keyward instance on memory stores whose key lookups are recorded: `events` gets
 * 'authenticate' for each, and a test's handlers add their own entries, so a test can read the
 * order in which requests were authenticated and handled.
 */
import { createManualClock } from '../../../src/core/clock.js'
import { createKeyward, type Keyward } from '../../../src/keyward.js'
import { createMemoryStores } from '../../../src/stores/memory/index.js'

export async function recordingKeyward(): Promise<{ keyward: Keyward; key: string; events: string[] }> {
  const events: string[] = []
  const stores = createMemoryStores()
  const findByHash = stores.keys.findByHash.bind(stores.keys)
  stores.keys.findByHash = (hash) => {
    events.push('authenticate')
    return findByHash(hash)
  }
  const keyward = createKeyward({ stores, clock: createManualClock(), failedAuthLimit: 0 })
  const { key } = await keyward.keys.create({ name: 'turn' })
  return { keyward, key, events }
}
