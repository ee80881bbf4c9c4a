/**
 * X3: keyward/fetch on Bun.serve and Deno.serve, each running a host app on the built package in a
 * process of its own, with the memory store and with Redis. Each answers the parity subset as the
 * reference app on keyward/fetch on Node does, response for response.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DASHBOARD_TOKEN } from '../adapters/support/harness.js'
import type { Normalized } from '../adapters/support/check.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { runSubset } from './subset.js'
import { BUN, createHostProject, DENO, listeningLine, nodeBaseline, startRuntime } from './support.js'

const redisUrl = sharedRedisUrl(inject('keywardRedis'))
/** First runs compile the sources (Deno caches them): generous, still bounded. */
const START_TIMEOUT_MS = 60_000

const RUNTIMES = [
  { name: 'Bun.serve', command: BUN, args: ['serve.js'] },
  {
    name: 'Deno.serve',
    command: DENO,
    args: ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--no-lock', 'serve.js'],
  },
]

let baseline: Normalized[]
let host: Awaited<ReturnType<typeof createHostProject>>

afterAll(() => host?.remove())

beforeAll(async () => {
  host = await createHostProject()
  baseline = await nodeBaseline()
}, 200_000)

for (const runtime of RUNTIMES) {
  for (const store of ['memory', 'redis'] as const) {
    describe.skipIf(store === 'redis' && redisUrl === null)(`keyward/fetch on ${runtime.name}, ${store} store`, () => {
      let server: Awaited<ReturnType<typeof startRuntime>> | undefined
      beforeAll(async () => {
        server = await startRuntime({
          command: runtime.command,
          args: runtime.args,
          cwd: host.dir,
          env: {
            STORE: store,
            REDIS_URL: redisUrl ?? undefined,
            REDIS_PREFIX: uniquePrefix('fetch-runtime'),
            DASHBOARD_TOKEN,
          },
          listening: listeningLine,
          timeoutMs: START_TIMEOUT_MS,
        })
      }, START_TIMEOUT_MS + 10_000)
      afterAll(async () => {
        await server?.stop()
      })

      it('answers the parity subset (H1 H2 H5 H8 H9 L3 L4 E1 E2 E5 R4) as keyward/fetch on Node does', async () => {
        const observed = await runSubset(server!.port)
        expect(observed).toEqual(baseline)
      })
    })
  }
}
