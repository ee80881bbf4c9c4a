/**
 * The Lua scripts are data with pinned SHAs (P1: EVALSHA sends 40 bytes, not the script). A script
 * edited without a new pin would make EVALSHA run whatever Redis cached under the old SHA, so the
 * pins are checked against the source and against Redis's own SCRIPT LOAD.
 */
import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { SCRIPTS } from '../../src/stores/redis/scripts.js'
import { makeStoredKey } from '../contracts/fixtures.js'
import { commandCalls, ioredisClient, privateServersAvailable, sharedRedisUrl } from '../helpers/redis.js'
import { withPrivateRedis } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)('pinned Lua scripts', () => {
  let client: Redis
  beforeAll(async () => {
    client = await ioredisClient(url!)
  })
  afterAll(() => client?.disconnect())

  for (const script of SCRIPTS) {
    it(`P1: the pinned SHA of the ${script.name} script is the SHA-1 of its source and SCRIPT LOAD's answer`, async () => {
      expect(script.sha).toBe(createHash('sha1').update(script.source).digest('hex'))
      expect(await client.script('LOAD', script.source)).toBe(script.sha)
    })
  }

  it('P1: every script under src/stores/redis/scripts/ is in SCRIPTS, so none escapes the pin check', async () => {
    const exported: unknown[] = []
    for (const file of readdirSync('src/stores/redis/scripts').filter((name) => name.endsWith('.ts'))) {
      exported.push(...Object.values(await import(`../../src/stores/redis/scripts/${file.replace(/\.ts$/, '.js')}`)))
    }
    const scripts = exported.filter(
      (value) => typeof value === 'object' && value !== null && 'sha' in value && 'source' in value,
    )
    expect(new Set(scripts)).toEqual(new Set(SCRIPTS))
  })

  it('documents KEYS and ARGV at the top of every script', () => {
    for (const script of SCRIPTS) {
      const header = script.source
        .split('\n')
        .filter((line) => line.startsWith('--'))
        .join('\n')
      expect(header, script.name).toMatch(/KEYS\[1/)
      expect(header, script.name).toMatch(/ARGV\[1/)
    }
  })
})

describe.skipIf(url === null || !privateServersAvailable())('EVALSHA with EVAL fallback (P1)', () => {
  let client: Redis
  withPrivateRedis((_server, opened) => {
    client = opened
  })

  it('P1: after SCRIPT FLUSH the first call falls back to EVAL once, later calls use EVALSHA only', async () => {
    const stores = createRedisStores({ client, prefix: 'kw', time: 'caller' })
    const key = makeStoredKey()
    await stores.keys.insert(key)
    const input = {
      hashes: [key.hash],
      now: Date.now(),
      requiredScopes: null,
      liveOnly: false,
      consume: true,
      defaults: { live: { perMinute: 100, perMonth: null }, test: { perMinute: 10, perMonth: 1000 } },
    }
    await client.script('FLUSH')
    await client.config('RESETSTAT')
    expect(await stores.authorize(input)).toMatchObject({ result: 'ok', consumed: true })
    for (let i = 0; i < 9; i++) expect(await stores.authorize(input)).toMatchObject({ result: 'ok' })
    const calls = await commandCalls(client)
    expect(calls.get('eval')).toBe(1)
    // The first EVALSHA answered NOSCRIPT; the next nine ran.
    expect(calls.get('evalsha')).toBe(10)
  })
})
