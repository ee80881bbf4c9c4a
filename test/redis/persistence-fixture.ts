/**
 * A process of its own for the persistence warning (S6), which comes once per process: builds
 * the stores each step names on the Redis it names, awaits their start checks, and prints one
 * JSON line: the process warnings seen, each with the step it came in. Node prints them on
 * stderr as well, as a user sees them. Run by `persistence.test.ts` as
 * `node --import tsx test/redis/persistence-fixture.ts '<steps as JSON>'`.
 */
import { Cluster, Redis } from 'ioredis'
import {
  createRedisKeyStore,
  createRedisRateLimiter,
  createRedisStores,
  createRedisUsageLog,
} from '../../src/stores/redis/index.js'

export interface FixtureStep {
  /** Ports of the Redis: one, or every master of a cluster. */
  ports: number[]
  cluster?: boolean
  store: 'stores' | 'key-store' | 'limiter' | 'limiter-elsewhere' | 'usage'
  persistenceWarning?: boolean
  /** Options passed on as they are (e.g. allowEviction). */
  options?: Record<string, unknown>
}

export interface FixtureOutput {
  warnings: { step: number; code: string | undefined; message: string }[]
  /** What each step's start check ended with: 'ready', or the error's message. */
  outcomes: string[]
}

async function clientOf(step: FixtureStep): Promise<Redis | Cluster> {
  const client = step.cluster
    ? new Cluster(
        step.ports.map((port) => ({ host: '127.0.0.1', port })),
        { enableOfflineQueue: false, redisOptions: { connectTimeout: 1000 } },
      )
    : new Redis(step.ports[0]!, '127.0.0.1', { enableOfflineQueue: false, connectTimeout: 1000 })
  client.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    client.once('ready', resolve)
    client.once('error', reject)
  })
  return client
}

/** Builds the step's store and waits for its start checks (a store without `ready()` makes a first call). */
async function runStep(step: FixtureStep, client: Redis | Cluster, index: number): Promise<void> {
  const options = {
    client,
    prefix: `kw-persist-${index}`,
    ...step.options,
    ...(step.persistenceWarning === undefined ? {} : { persistenceWarning: step.persistenceWarning }),
  }
  const policy = { perMinute: 10, perMonth: null }
  switch (step.store) {
    case 'stores':
      return createRedisStores(options).ready()
    case 'key-store':
      await createRedisKeyStore(options).get('key_fixture')
      return
    case 'limiter':
      await createRedisRateLimiter(options).peek('key_fixture', policy, Date.now())
      return
    case 'limiter-elsewhere':
      await createRedisRateLimiter({ ...options, keys: 'elsewhere' }).peek('key_fixture', policy, Date.now())
      return
    case 'usage': {
      const usage = createRedisUsageLog(options)
      await usage.query({ keyId: 'key_fixture', limit: 1 })
      await usage.close()
    }
  }
}

const steps = JSON.parse(process.argv[2]!) as FixtureStep[]
const output: FixtureOutput = { warnings: [], outcomes: [] }
let current = -1
process.on('warning', (warning: Error & { code?: string }) =>
  output.warnings.push({ step: current, code: warning.code, message: warning.message }),
)
for (const [index, step] of steps.entries()) {
  current = index
  const client = await clientOf(step)
  try {
    await runStep(step, client, index)
    output.outcomes.push('ready')
  } catch (error) {
    output.outcomes.push((error as Error).message)
  }
  // A warning is emitted on the next tick, and a store without `ready()` does not wait for the
  // check, which runs beside its first call: let it arrive within its step.
  await new Promise((resolve) => setTimeout(resolve, step.store === 'stores' ? 0 : 300))
  client.disconnect()
}
process.stdout.write(`${JSON.stringify(output)}\n`)
process.exit(0)
