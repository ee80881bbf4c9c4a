/**
 * One keyward instance as a process of its own, for a test to kill (SIGKILL) in the middle of a
 * delivery: it opens the stores the environment names, registers one webhook endpoint, creates a
 * key (one `key.created` event) and prints `created`, then runs until it is killed.
 *
 * STORE=redis: REDIS_URL, PREFIX. STORE=postgres: DATABASE_URL, SCHEMA. Both: WEBHOOK_URL,
 * WEBHOOK_SECRET, TIMEOUT_MS. (The test helpers need vitest's state: this opens its clients itself.)
 */
import { createKeyward } from '../../../src/index.js'
import type { KeywardStores } from '../../../src/core/types.js'
import { createPostgresStores } from '../../../src/stores/postgres/index.js'
import { createRedisStores } from '../../../src/stores/redis/index.js'
import { Redis } from 'ioredis'
import pg from 'pg'

const env = (name: string): string => {
  const value = process.env[name]
  if (value === undefined) throw new Error(`${name} is not set`)
  return value
}

async function openStores(): Promise<KeywardStores> {
  if (env('STORE') === 'redis') return createRedisStores({ client: new Redis(env('REDIS_URL')), prefix: env('PREFIX') })
  return createPostgresStores({ pool: new pg.Pool({ connectionString: env('DATABASE_URL') }), schema: env('SCHEMA') })
}

const keyward = createKeyward({
  stores: await openStores(),
  webhooks: {
    endpoints: [{ url: env('WEBHOOK_URL'), secret: env('WEBHOOK_SECRET') }],
    timeoutMs: Number(env('TIMEOUT_MS')),
    pollIntervalMs: 50,
  },
})
await keyward.keys.create({ name: 'killed mid-delivery' })
console.log('created')
// Delivery runs on unref'd timers: this keeps the process alive until the test kills it.
setInterval(() => undefined, 60_000)
