/**
 * X3: keyward/fetch on Bun.serve and Deno.serve, each running a host app on the built package in a
 * process of its own, with the memory store and with Redis. Each answers the parity subset as the
 * reference app on keyward/fetch on Node does, response for response; on Redis, keys made on Node
 * authenticate there and keys made there authenticate on Node (the core's hashing, checksums and
 * encodings are the same on every runtime).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DASHBOARD_TOKEN } from '../adapters/support/harness.js'
import type { Normalized } from '../adapters/support/check.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { rawRequest } from '../adapters/support/raw-http.js'
import { runSubset } from './subset.js'
import { BUN, createHostProject, DENO, listeningLine, nodeBaseline, startRuntime } from './support.js'

const redisUrl = sharedRedisUrl(inject('keywardRedis'))
/** The key hashes are HMACs with this pepper on every runtime (K3). */
const PEPPER = 'pepper-shared-by-every-runtime-0123456789'
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
      const prefix = uniquePrefix('fetch-runtime')
      /** Node's keyward on the same Redis keys, for keys made on one runtime and used on the other. */
      let node: { keyward: Keyward; quit(): Promise<unknown> } | undefined
      beforeAll(async () => {
        if (store === 'redis') {
          const client = await ioredisClient(redisUrl!)
          const keyward = createKeyward({ stores: createRedisStores({ client, prefix }), pepper: PEPPER })
          node = { keyward, quit: () => keyward.close().then(() => client.quit()) }
        }
        server = await startRuntime({
          command: runtime.command,
          args: runtime.args,
          cwd: host.dir,
          env: {
            STORE: store,
            REDIS_URL: redisUrl ?? undefined,
            REDIS_PREFIX: prefix,
            DASHBOARD_TOKEN,
            PEPPER,
          },
          listening: listeningLine,
          timeoutMs: START_TIMEOUT_MS,
        })
      }, START_TIMEOUT_MS + 10_000)
      afterAll(async () => {
        await server?.stop()
        await node?.quit()
      })

      it('answers the parity subset (H1 H2 H5 H8 H9 L3 L4 E1 E2 E5 R4) as keyward/fetch on Node does', async () => {
        const { responses, liveKey } = await runSubset(server!.port)
        expect(responses).toEqual(baseline)
        if (node === undefined) return
        // K2 K3: a key made on this runtime is one Node's keyward recognises.
        const verdict = await node.keyward.authenticate({ authorization: `Bearer ${liveKey}` }, { consume: false })
        expect(verdict.ok, JSON.stringify(verdict)).toBe(true)
      })

      // Only Redis is shared between processes.
      if (store === 'redis')
        it('authenticates a key made by keyward on Node in the same Redis (K2 K3)', async () => {
          const made = await node!.keyward.keys.create({ name: 'made on node' })
          const response = await rawRequest(server!.port, {
            method: 'POST',
            path: '/api/v1/auth/test',
            headers: [['Authorization', `Bearer ${made.key}`]],
          })
          expect([response.status, response.json().data]).toEqual([
            200,
            { valid: true, authenticated: true, keyType: 'live' },
          ])
        })
    })
  }
}
