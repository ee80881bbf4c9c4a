/**
 * `keyward keys create` writes only keys the app can read. An app has two prefixes: the key
 * prefix (`createKeyward({ keyPrefix })`, K1) and the Redis prefix (`createRedisStores({ prefix })`).
 * The CLI guesses neither for a new key: the key prefix must be named, since no record holds it,
 * and the Redis prefix too unless keys are already stored under the default one. Each test starts
 * from an empty private Redis and judges the CLI's key with an app instance configured as the
 * user's app would be.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { KeywardOptions } from '../../src/keyward.js'
import type { ApiKeyRecord } from '../../src/core/types.js'
import { privateServersAvailable, type RedisProcess, startRedisServer } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { instanceOn } from './support/store.js'

const available = privateServersAvailable()

/** An app as a user writes it: its key prefix and Redis prefix (either left out: the default). */
interface App {
  keyPrefix?: string
  redisPrefix?: string
}

describe.skipIf(!available)('keyward keys create and the prefixes of the app', { timeout: 60_000 }, () => {
  let redis: RedisProcess
  let client: Redis

  beforeAll(async () => {
    redis = await startRedisServer()
    client = new Redis(redis.url)
  })
  afterAll(async () => {
    client?.disconnect()
    await redis?.stop()
  })
  beforeEach(async () => {
    await client.flushall()
  })

  const cli = (args: string[], env: Record<string, string> = {}): Promise<CliRun> =>
    runCli(args, { REDIS_URL: redis.url, ...env })

  /** Runs `use` on an instance configured as `app`, then closes it. */
  async function withApp<T>(
    app: App,
    use: (instance: Awaited<ReturnType<typeof instanceOn>>) => Promise<T>,
  ): Promise<T> {
    const options: KeywardOptions = app.keyPrefix === undefined ? {} : { keyPrefix: app.keyPrefix }
    const instance = await instanceOn(redis.url, app.redisPrefix, options)
    try {
      return await use(instance)
    } finally {
      await instance.close()
    }
  }

  /** A key the app itself made (the dashboard route, say), so keys are stored under its prefix. */
  const appMadeKey = (app: App) =>
    withApp(app, async ({ keyward }) => (await keyward.keys.create({ name: 'made by the app' })).key)

  /** Whether the app accepts `key`. */
  const appAccepts = (app: App, key: string) =>
    withApp(app, async ({ keyward }) => {
      const decision = await keyward.authenticate(
        { authorization: `Bearer ${key}`, method: 'POST', path: '/api/v1/auth/test' },
        { consume: false },
      )
      return decision.ok ? 'accepted' : decision.error.code
    })

  const redisKeyCount = async () => (await client.keys('*')).length

  const acme: App = { keyPrefix: 'acme', redisPrefix: 'acme' }

  describe("an app with createKeyward({ keyPrefix: 'acme' }) and createRedisStores({ prefix: 'acme' })", () => {
    it('K1: where no app recorded its key prefix, keys create --prefix acme without --key-prefix is refused (exit 2) naming --key-prefix, and writes nothing', async () => {
      await appMadeKey(acme)
      // An app that has not started on this version of keyward: its settings are not recorded.
      await client.del('acme:settings')
      const before = await redisKeyCount()
      const run = await cli(['keys', 'create', '--name', 'ci', '--prefix', 'acme'])
      expect(expectOneLineError(run, 2)).toBe(
        `keys create makes a key that only a service with the same key prefix accepts, and no app has recorded its key prefix in Redis at ${redis.url} (prefix acme) (an app does when it starts, on this version of keyward): start your app once, or pass --key-prefix with the keyPrefix your app gives createKeyward() (--key-prefix svc if it gives none), or set KEYWARD_KEY_PREFIX`,
      )
      expect(run.stdout).toBe('')
      expect(await redisKeyCount()).toBe(before)
    })

    it('K1: keys create with no flags, where the app keeps its keys under acme, is refused (exit 2) naming --prefix acme', async () => {
      await appMadeKey(acme)
      const run = await cli(['keys', 'create', '--name', 'ci'])
      expect(expectOneLineError(run, 2)).toBe(
        `no API keys are stored under the prefix keyward in Redis at ${redis.url}, but 1 key is stored under the prefix acme: pass --prefix acme, or --prefix keyward to start keys there all the same`,
      )
    })

    it('K1: keys create --key-prefix acme alone is refused (exit 2), naming --prefix acme where the app keeps its keys, and writes nothing', async () => {
      await appMadeKey(acme)
      const before = await redisKeyCount()
      const run = await cli(['keys', 'create', '--name', 'ci', '--key-prefix', 'acme'])
      expect(expectOneLineError(run, 2)).toBe(
        `no API keys are stored under the prefix keyward in Redis at ${redis.url}, but 1 key is stored under the prefix acme: pass --prefix acme, or --prefix keyward to start keys there all the same`,
      )
      expect(await redisKeyCount()).toBe(before)
    })

    it('K1: on a Redis that holds no keys yet, keys create --key-prefix acme alone is refused (exit 2), asking for --prefix', async () => {
      const run = await cli(['keys', 'create', '--name', 'first key', '--key-prefix', 'acme'])
      expect(expectOneLineError(run, 2)).toBe(
        `Redis at ${redis.url} holds no API keys under any prefix yet, so nothing shows where your app reads them: pass --prefix with the prefix your app gives createRedisStores({ prefix }) (--prefix keyward if it gives none), or set KEYWARD_REDIS_PREFIX`,
      )
      expect(await redisKeyCount()).toBe(0)
    })

    it('K1: keys create --key-prefix acme --prefix acme makes a key the app accepts, on an empty Redis as on one with keys', async () => {
      for (const seeded of [false, true]) {
        if (seeded) await appMadeKey(acme)
        const run = await cli(['keys', 'create', '--json', '--name', 'ci', '--key-prefix', 'acme', '--prefix', 'acme'])
        expect(run.status, run.describe()).toBe(0)
        const { key, record } = stdoutJson<{ key: string; record: ApiKeyRecord }>(run)
        expect(key.startsWith('acme_live_')).toBe(true)
        expect(record.maskedKey).toBe(`acme_live_****${key.slice(-4)}`)
        expect(await appAccepts(acme, key)).toBe('accepted')
      }
    })

    it('K1: KEYWARD_KEY_PREFIX and KEYWARD_REDIS_PREFIX name the same settings as the flags', async () => {
      const run = await cli(['keys', 'create', '--json', '--name', 'ci', '--sandbox'], {
        KEYWARD_KEY_PREFIX: 'acme',
        KEYWARD_REDIS_PREFIX: 'acme',
      })
      expect(run.status, run.describe()).toBe(0)
      const { key } = stdoutJson<{ key: string }>(run)
      expect(key.startsWith('acme_test_')).toBe(true)
      expect(await appAccepts(acme, key)).toBe('accepted')
    })

    it('keys list and an unknown id on the default prefix say where the keys are and which --prefix to pass', async () => {
      await appMadeKey(acme)
      const list = await cli(['keys', 'list'])
      expect(list.status, list.describe()).toBe(0)
      expect(list.stdout).toBe(
        `No keys under the prefix keyward in Redis at ${redis.url}, but 1 key is stored under the prefix acme (pass --prefix acme).\n`,
      )
      const revoke = await cli(['keys', 'revoke', 'key_000000000000000000000000'])
      expect(expectOneLineError(revoke, 3)).toBe(
        `no API key with id key_000000000000000000000000 in Redis at ${redis.url} (prefix keyward); that prefix holds no keys, but 1 key is stored under the prefix acme (pass --prefix acme)`,
      )
    })

    it("an owner's index is not taken for a prefix of keys, even for an owner named keys (O4)", async () => {
      await withApp(acme, ({ keyward }) => keyward.keys.create({ name: 'owned', ownerId: 'keys' }))
      expect(await client.exists('acme:owner:keys')).toBe(1)
      const list = await cli(['keys', 'list', '--owner', 'keys'])
      expect(list.status, list.describe()).toBe(0)
      expect(list.stdout).toBe(
        `No keys of owner keys under the prefix keyward in Redis at ${redis.url}, but 1 key is stored under the prefix acme (pass --prefix acme).\n`,
      )
      const listed = stdoutJson<{ keys: ApiKeyRecord[] }>(
        await cli(['keys', 'list', '--owner', 'keys', '--prefix', 'acme', '--key-prefix', 'acme', '--json']),
      )
      expect(listed.keys.map((k) => [k.name, k.ownerId])).toEqual([['owned', 'keys']])
    })
  })

  describe('apps that keep the default Redis prefix', () => {
    it('K1: an app on every default with keys stored: keys create --key-prefix svc needs no --prefix, and the app accepts the key', async () => {
      const defaults: App = {}
      await appMadeKey(defaults)
      const run = await cli(['keys', 'create', '--json', '--name', 'ci', '--key-prefix', 'svc'])
      expect(run.status, run.describe()).toBe(0)
      expect(await appAccepts(defaults, stdoutJson<{ key: string }>(run).key)).toBe('accepted')
    })

    it("K1: the README's app, createKeyward({ keyPrefix: 'acme' }) with createRedisStores({ client }): keys create --key-prefix acme is accepted by it", async () => {
      const readme: App = { keyPrefix: 'acme' }
      await appMadeKey(readme)
      const run = await cli(['keys', 'create', '--json', '--name', 'ci', '--key-prefix', 'acme'])
      expect(run.status, run.describe()).toBe(0)
      const { key } = stdoutJson<{ key: string }>(run)
      expect(await appAccepts(readme, key)).toBe('accepted')
    })

    it('an explicit --prefix starts keys under a new prefix even when another prefix holds keys', async () => {
      await appMadeKey(acme)
      const run = await cli([
        'keys',
        'create',
        '--json',
        '--name',
        'second app',
        '--key-prefix',
        'svc',
        '--prefix',
        'billing',
      ])
      expect(run.status, run.describe()).toBe(0)
      expect(await appAccepts({ redisPrefix: 'billing' }, stdoutJson<{ key: string }>(run).key)).toBe('accepted')
    })
  })

  it("K1: keys rotate takes the app's recorded key prefix; where none is recorded it needs the key prefix named", async () => {
    const oldKey = await withApp(
      acme,
      async ({ keyward }) => (await keyward.keys.create({ name: 'to rotate' })).record.id,
    )
    const rotated = await cli(['keys', 'rotate', oldKey, '--json', '--prefix', 'acme'])
    expect(rotated.status, rotated.describe()).toBe(0)
    const { key, record } = stdoutJson<{ key: string; record: ApiKeyRecord }>(rotated)
    expect(key.startsWith('acme_live_')).toBe(true)
    await client.del('acme:settings')
    const refused = await cli(['keys', 'rotate', record.id, '--prefix', 'acme'])
    expect(expectOneLineError(refused, 2)).toMatch(
      /^keys rotate makes a key that only a service with the same key prefix accepts.*pass --key-prefix/,
    )
    const named = await cli(['keys', 'rotate', record.id, '--json', '--prefix', 'acme', '--key-prefix', 'acme'])
    expect(named.status, named.describe()).toBe(0)
    expect(await appAccepts(acme, stdoutJson<{ key: string }>(named).key)).toBe('accepted')
  })

  describe('the app records its key prefix when it starts, so the command line needs no --key-prefix', () => {
    it("K1/K4: an app with keyPrefix 'acme' runs ready() on a fresh Redis; keys create without --key-prefix makes an acme_live_ key it accepts, and keys list masks it as acme_live_****", async () => {
      await withApp(acme, async () => {})
      expect(await client.hgetall('acme:settings')).toEqual({ keyPrefix: 'acme', serviceName: 'Svc' })
      const run = await cli(['keys', 'create', '--json', '--name', 'ci', '--prefix', 'acme'])
      expect(run.status, run.describe()).toBe(0)
      const { key, record } = stdoutJson<{ key: string; record: ApiKeyRecord }>(run)
      expect(key).toMatch(/^acme_live_[0-9A-Za-z]{38}$/)
      expect(record.maskedKey).toBe(`acme_live_****${key.slice(-4)}`)
      expect(await appAccepts(acme, key)).toBe('accepted')
      const list = await cli(['keys', 'list', '--prefix', 'acme'])
      expect(list.status, list.describe()).toBe(0)
      expect(list.stdout).toContain(`acme_live_****${key.slice(-4)}`)
      expect(list.stdout).not.toContain('svc_live_')
    })

    it("K1: the README's app (keyPrefix 'acme', the default Redis prefix) started once: keys create with no flags at all makes a key it accepts", async () => {
      const readme: App = { keyPrefix: 'acme' }
      await withApp(readme, async () => {})
      const run = await cli(['keys', 'create', '--json', '--name', 'ci'])
      expect(run.status, run.describe()).toBe(0)
      const { key } = stdoutJson<{ key: string }>(run)
      expect(key.startsWith('acme_live_')).toBe(true)
      expect(await appAccepts(readme, key)).toBe('accepted')
    })

    it('K1: a --key-prefix (or KEYWARD_KEY_PREFIX) that contradicts the recorded one is refused (exit 2), naming both, and writes nothing', async () => {
      await withApp(acme, async () => {})
      const before = await redisKeyCount()
      for (const [args, env] of [
        [['--key-prefix', 'svc'], {}],
        [[], { KEYWARD_KEY_PREFIX: 'svc' }],
      ] as const) {
        const run = await cli(['keys', 'create', '--name', 'ci', '--prefix', 'acme', ...args], env)
        expect(expectOneLineError(run, 2)).toBe(
          `the app using Redis at ${redis.url} (prefix acme) recorded the key prefix acme when it started (its keys begin acme_live_ and acme_test_), but --key-prefix (or KEYWARD_KEY_PREFIX) says svc, whose keys that app refuses: leave the key prefix out, or pass --key-prefix acme`,
        )
      }
      expect(await redisKeyCount()).toBe(before)
      const agreeing = await cli([
        'keys',
        'create',
        '--json',
        '--name',
        'ci',
        '--prefix',
        'acme',
        '--key-prefix',
        'acme',
      ])
      expect(agreeing.status, agreeing.describe()).toBe(0)
    })

    it('an app that recorded its settings under acme but holds no keys yet: keys create without --prefix names --prefix acme', async () => {
      await withApp(acme, async () => {})
      const run = await cli(['keys', 'create', '--name', 'ci'])
      expect(expectOneLineError(run, 2)).toBe(
        `no app uses the prefix keyward in Redis at ${redis.url}, but an app recorded its settings under the prefix acme when it started: pass --prefix acme (the prefix your app gives createRedisStores({ prefix })), or --prefix keyward to start keys there all the same`,
      )
      expect(await redisKeyCount()).toBe(1)
    })

    it("the command line never records its own key prefix as the app's", async () => {
      const run = await cli([
        'keys',
        'create',
        '--json',
        '--name',
        'ci',
        '--prefix',
        'billing',
        '--key-prefix',
        'billing',
      ])
      expect(run.status, run.describe()).toBe(0)
      expect(await client.exists('billing:settings')).toBe(0)
    })
  })
})
