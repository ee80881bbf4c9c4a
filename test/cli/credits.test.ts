/**
 * `keyward keys create/update` with `--credits`, `--refill`, `--add-credits` and `--no-credits`
 * (M3, M9): what a service instance sharing the store then sees, and every bad value a usage error
 * naming the flag before the store is contacted (an unreachable Redis would otherwise be exit 4).
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { ApiKeyRecord } from '../../src/core/types.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { deletePrefix, instanceOn, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-credits')
const UNREACHABLE = { REDIS_URL: 'redis://127.0.0.1:1', KEYWARD_KEY_PREFIX: 'svc' }
const SOME_ID = 'key_000000000000000000000000'

function keyward(args: string[]): Promise<CliRun> {
  return runCli([...args, '--prefix', prefix], { REDIS_URL: url!, KEYWARD_KEY_PREFIX: 'svc' })
}

async function json<T = { record: ApiKeyRecord }>(args: string[]): Promise<T> {
  const run = await keyward([...args, '--json'])
  expect(run.status, run.describe()).toBe(0)
  return stdoutJson<T>(run)
}

afterAll(async () => {
  if (url) await deletePrefix(url, prefix)
})

describe.skipIf(url === null)('keyward keys credit flags on a real Redis', { timeout: 60_000 }, () => {
  it('M3, M9: create --credits --refill; a service spends them; update --add-credits tops up, --credits replaces, --no-credits removes', async () => {
    const { key, record } = await json<{ key: string; record: ApiKeyRecord }>([
      'keys',
      'create',
      '--name',
      'metered',
      '--credits',
      '2',
      '--refill',
      '100/month@15',
    ])
    expect(record.credits).toEqual({ remaining: 2, refill: { amount: 100, every: 'month', day: 15 } })
    const instance = await instanceOn(url!, prefix)
    try {
      const request = { authorization: `Bearer ${key}`, method: 'GET', path: '/api/v1/ip/lookup' }
      const first = await instance.keyward.authenticate(request)
      expect(first.ok && first.headers['X-Credits-Remaining']).toBe('1')

      const topped = await keyward(['keys', 'update', record.id, '--add-credits', '10'])
      expect(topped.status, topped.describe()).toBe(0)
      expect(topped.stdout).toMatch(/^Updated key_\w+ .*: credits\.$/m)
      expect(topped.stdout).toMatch(/^ {2}credits {4}11 left, refilled to 100 each month on day 15$/m)

      const replaced = await json(['keys', 'update', record.id, '--credits', '3'])
      expect(replaced.record.credits).toEqual({ remaining: 3, refill: { amount: 100, every: 'month', day: 15 } })
      const next = await instance.keyward.authenticate(request)
      expect(next.ok && next.headers['X-Credits-Remaining']).toBe('2')

      const daily = await json(['keys', 'update', record.id, '--refill', '50/day'])
      expect(daily.record.credits).toEqual({ remaining: 2, refill: { amount: 50, every: 'day' } })
      const removed = await json(['keys', 'update', record.id, '--no-credits'])
      expect(removed.record.credits).toBeNull()
    } finally {
      await instance.close()
    }
  })

  it('M9: bad credit flags are usage errors naming the flag, before the store is contacted', async () => {
    const cases: [string[], RegExp][] = [
      [['keys', 'create', '--name', 'x', '--credits', '-1'], /^option --credits/],
      [['keys', 'create', '--name', 'x', '--credits', 'lots'], /^option --credits/],
      [['keys', 'create', '--name', 'x', '--refill', '10/day'], /^option --refill needs --credits/],
      [['keys', 'create', '--name', 'x', '--credits', '5', '--refill', '10/week'], /^option --refill/],
      [['keys', 'create', '--name', 'x', '--credits', '5', '--refill', '10/day@3'], /^option --refill/],
      [['keys', 'create', '--name', 'x', '--credits', '5', '--refill', '10/month@29'], /^option --refill/],
      [['keys', 'update', SOME_ID, '--add-credits', '0'], /^option --add-credits/],
      [['keys', 'update', SOME_ID, '--add-credits', '5', '--credits', '3'], /^option --add-credits cannot be combined/],
      [['keys', 'update', SOME_ID, '--no-credits', '--refill', '5/day'], /^option --no-credits cannot be combined/],
    ]
    for (const [args, message] of cases) {
      const run = await runCli(args, UNREACHABLE)
      expect(expectOneLineError(run, 2), args.join(' ')).toMatch(message)
    }
  })
})
