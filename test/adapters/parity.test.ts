/**
 * The parity suite (issue 3): every case of `cases.ts` over real HTTP against the reference app of
 * each framework (Express 5, Express 4, Fastify 5, Hono 4 and keyward/fetch, both on node-server),
 * each on port 0, with synchronous store decisions (memory) and asynchronous ones (as on Redis);
 * then, per case, the normalized responses must be identical across all runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeSharedKeys, PARITY_CASES, runCase, type SharedKeys } from './cases.js'
import type { Normalized } from './support/check.js'
import { type Harness, type HarnessOptions, startHarness, TARGETS } from './support/harness.js'

const title = (c: (typeof PARITY_CASES)[number]) => `${c.ids}: ${c.name}`
/** case title → framework → the responses it gave, in order. */
const observations = new Map<string, Map<string, Normalized[]>>()

describe('the case table', () => {
  it('names every case once and covers every H, K, L, R and E rule (E6 is test/server)', () => {
    const titles = PARITY_CASES.map(title)
    expect(new Set(titles).size).toBe(titles.length)
    const cited = new Set(PARITY_CASES.flatMap((c) => c.ids.split(' ')))
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => `H${i + 1}`),
      ...Array.from({ length: 7 }, (_, i) => `K${i + 1}`),
      'L1',
      'L2',
      'L3',
      'L4',
      'L4a',
      'L4b',
      'L5',
      'L6',
      'R1',
      'R2',
      'R3',
      'R4',
      'R5',
      'E1',
      'E2',
      'E3',
      'E4',
      'E5',
      'E7',
    ]
    expect(rows.filter((row) => !cited.has(row))).toEqual([])
  })
})

/** Each framework on synchronous decisions (memory stores) and on asynchronous ones (as on Redis). */
const RUNS = TARGETS.flatMap((target) => [
  { name: `${target.name}, sync store`, target, asyncStore: false },
  { name: `${target.name}, async store`, target, asyncStore: true },
])

for (const run of RUNS) {
  const { target, asyncStore } = run
  describe(`on ${run.name}`, () => {
    let h: Harness
    let keys: SharedKeys
    beforeAll(async () => {
      h = await startHarness(target, { asyncStore })
      keys = await makeSharedKeys(h)
    })
    afterAll(async () => {
      await h?.close()
    })

    for (const parityCase of PARITY_CASES) {
      it(title(parityCase), async () => {
        const observed: Normalized[] = []
        const startApp = (options: HarnessOptions) => startHarness(target, { asyncStore, ...options })
        try {
          await runCase(parityCase, h, keys, startApp, observed)
        } finally {
          const byTarget = observations.get(title(parityCase)) ?? new Map<string, Normalized[]>()
          byTarget.set(run.name, observed)
          observations.set(title(parityCase), byTarget)
        }
      })
    }
  })
}

describe('identical normalized responses on every framework', () => {
  for (const parityCase of PARITY_CASES) {
    it(title(parityCase), () => {
      const byTarget = observations.get(title(parityCase))
      expect([...(byTarget?.keys() ?? [])].sort(), 'every framework ran the case').toEqual(
        RUNS.map((r) => r.name).sort(),
      )
      const [reference, ...others] = RUNS.map((r) => ({ name: r.name, responses: byTarget!.get(r.name)! }))
      expect(reference!.responses.length).toBeGreaterThan(0)
      for (const other of others) {
        expect(other.responses, `${other.name} differs from ${reference!.name}`).toEqual(reference!.responses)
      }
    })
  }
})
