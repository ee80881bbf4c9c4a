/**
 * X3: keyward/fetch in a Next.js App Router app (test/runtimes/host/app/), built with `next build`
 * and served with `next start`, with the memory store and with Redis. Its route handlers answer
 * the parity subset as the reference app on keyward/fetch on Node does, response for response.
 *
 * Next.js builds a route's `Request` from Node's joined headers, where only the first
 * `Authorization` line survives: H1 (a repeated Authorization header is refused) cannot be seen
 * by any handler there, so that one row is left out (docs/fetch.md says so).
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Normalized } from '../adapters/support/check.js'
import { DASHBOARD_TOKEN } from '../adapters/support/harness.js'
import { freePort, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { runSubset, type SubsetOptions } from './subset.js'
import { createHostProject, nodeBaseline, startRuntime } from './support.js'

const redisUrl = sharedRedisUrl(inject('keywardRedis'))
const NEXT = ['node_modules/next/dist/bin/next']
const ENV = { NEXT_TELEMETRY_DISABLED: '1' }
/** `next build` of two routes: about 30 s on this machine, bounded well above. */
const BUILD_TIMEOUT_MS = 180_000
const START_TIMEOUT_MS = 30_000
const SUBSET: SubsetOptions = { firstAuthorizationLineOnly: true }

let host: Awaited<ReturnType<typeof createHostProject>>
let baseline: Normalized[]

beforeAll(async () => {
  host = await createHostProject()
  baseline = await nodeBaseline(SUBSET)
  // The build output stays in the temporary folder (.next), never in the repository.
  await promisify(execFile)(process.execPath, [...NEXT, 'build'], {
    cwd: host.dir,
    env: { ...process.env, ...ENV },
    timeout: BUILD_TIMEOUT_MS,
  })
}, BUILD_TIMEOUT_MS + 60_000)

afterAll(() => host?.remove())

for (const store of ['memory', 'redis'] as const) {
  describe.skipIf(store === 'redis' && redisUrl === null)(
    `keyward/fetch in Next.js (next start), ${store} store`,
    () => {
      let server: Awaited<ReturnType<typeof startRuntime>> | undefined
      beforeAll(async () => {
        const port = await freePort()
        server = await startRuntime({
          command: process.execPath,
          args: [...NEXT, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
          cwd: host.dir,
          env: {
            ...ENV,
            STORE: store,
            REDIS_URL: redisUrl ?? undefined,
            REDIS_PREFIX: uniquePrefix('fetch-next'),
            DASHBOARD_TOKEN,
          },
          listening: (output) => (/Ready in/.test(output) ? port : undefined),
          timeoutMs: START_TIMEOUT_MS,
        })
      }, START_TIMEOUT_MS + 10_000)
      afterAll(async () => {
        await server?.stop()
      })

      it('answers the parity subset (H2 H5 H8 H9 L3 L4 E1 E2 E5 R4) as keyward/fetch on Node does', async () => {
        expect((await runSubset(server!.port, SUBSET)).responses).toEqual(baseline)
      })
    },
  )
}
