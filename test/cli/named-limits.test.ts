/**
 * `keyward keys create/update --limit name=n/window` (M1, M9): a key's own list of named limits on
 * the command line, `--default-limits` back to the key type's, the list in `keys list`, and every
 * bad value a usage error naming the flag before the store is contacted (an unreachable Redis
 * would otherwise be exit 4).
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { ApiKeyRecord } from '../../src/core/types.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { deletePrefix, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-named-limits')
const UNREACHABLE = 'redis://127.0.0.1:1'

function keyward(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCli([...args, '--prefix', prefix], { REDIS_URL: url!, KEYWARD_KEY_PREFIX: 'svc', ...env })
}

async function json<T = { record: ApiKeyRecord }>(args: string[]): Promise<T> {
  const run = await keyward([...args, '--json'])
  expect(run.status, run.describe()).toBe(0)
  return stdoutJson<T>(run)
}

afterAll(async () => {
  if (url) await deletePrefix(url, prefix)
})

const LIMITS = ['--limit', 'burst=100/10s', '--limit', 'monthly=10000/month', '--limit', 'billing=5000/month@15']
const STORED = [
  { name: 'burst', limit: 100, window: 10_000 },
  { name: 'monthly', limit: 10000, window: 'month' },
  { name: 'billing', limit: 5000, window: { month: { day: 15 } } },
]

describe.skipIf(url === null)('keyward keys --limit on a real Redis', { timeout: 60_000 }, () => {
  it('M1: keys create --limit (repeated) stores the list; keys list shows it with the windows in words', async () => {
    const { record } = await json(['keys', 'create', '--name', 'paid', ...LIMITS])
    expect(record.limits).toEqual(STORED)
    const list = await keyward(['keys', 'list'])
    expect(list.status, list.describe()).toBe(0)
    const row = list.stdout.split('\n').find((line) => line.startsWith(record.id))
    expect(row, list.describe()).toMatch(
      /burst 100\/10 seconds, monthly 10000\/month, billing 5000\/month from day 15$/,
    )
  })

  it('M9: keys update --limit replaces the list; --default-limits goes back to the key type; --per-minute then overrides', async () => {
    const { record } = await json(['keys', 'create', '--name', 'changing', '--per-minute', '5'])
    const listed = await json(['keys', 'update', record.id, '--limit', 'hourly=50/1h'])
    expect(listed.record.limits).toEqual([{ name: 'hourly', limit: 50, window: 3_600_000 }])
    const text = await keyward(['keys', 'update', record.id, '--default-limits'])
    expect(text.status, text.describe()).toBe(0)
    expect(text.stdout).toMatch(/^Updated key_\w+ .*: limits\.$/m)
    expect(text.stdout).toMatch(/^ {2}limits {5}defaults of the key type$/m)
    const back = await json(['keys', 'update', record.id, '--per-minute', '7'])
    expect(back.record.limits).toEqual({ perMinute: 7 })
  })

  const bad: [string, string[], RegExp][] = [
    ['no = sign', ['--limit', 'burst100/10s'], /^option --limit "burst100\/10s" must be <name>=<n>\/<window>/],
    ['a bad name', ['--limit', 'Burst=1/10s'], /^option --limit "Burst=1\/10s": name must be a lowercase letter/],
    ['a limit of zero', ['--limit', 'a=0/10s'], /^option --limit "a=0\/10s": limit must be a positive integer/],
    ['a limit that is not a number', ['--limit', 'a=ten/10s'], /^option --limit "a=ten\/10s": limit must be/],
    [
      'an unknown unit',
      ['--limit', 'a=1/10y'],
      /^option --limit "a=1\/10y": window must be 1s to 31d \(a whole number of ms, s, m, h or d\), month, or month@<day> with a billing day from 1 to 28$/,
    ],
    ['a window over 31 days', ['--limit', 'a=1/32d'], /^option --limit "a=1\/32d": window must be/],
    [
      'a billing day of 29',
      ['--limit', 'a=1/month@29'],
      /^option --limit "a=1\/month@29": window must be .*month@<day> with a billing day from 1 to 28$/,
    ],
    [
      'a name given twice',
      ['--limit', 'a=1/1s', '--limit', 'a=2/1h'],
      /^option --limit names the limit "a" twice; names must be distinct$/,
    ],
    [
      'eleven limits',
      Array.from({ length: 11 }, (_, i) => ['--limit', `l${i}=1/1h`]).flat(),
      /^option --limit takes at most 10 limits \(got 11\)$/,
    ],
    [
      '--limit beside --per-minute',
      ['--limit', 'a=1/1s', '--per-minute', '5'],
      /^options --limit and --per-minute cannot be combined/,
    ],
  ]
  it.each(bad)(
    'M1: keys create with %s → usage error (exit 2) naming the flag, the store never contacted',
    async (_, args, message) => {
      const run = await runCli(['keys', 'create', '--name', 'x', ...args, '--prefix', prefix], {
        REDIS_URL: UNREACHABLE,
        KEYWARD_KEY_PREFIX: 'svc',
      })
      expect(expectOneLineError(run, 2).replace(/^keyward: /, '')).toMatch(message)
    },
  )

  it('M9: keys update refuses --default-limits beside --limit, and a bad --limit, before the store is contacted', async () => {
    const env = { REDIS_URL: UNREACHABLE, KEYWARD_KEY_PREFIX: 'svc' }
    const id = 'key_000000000000000000000000'
    const both = await runCli(['keys', 'update', id, '--limit', 'a=1/1s', '--default-limits'], env)
    expect(expectOneLineError(both, 2)).toMatch(/options --limit and --default-limits cannot be combined/)
    const badWindow = await runCli(['keys', 'update', id, '--limit', 'a=1/soon'], env)
    expect(expectOneLineError(badWindow, 2)).toMatch(/option --limit "a=1\/soon": window must be/)
  })
})
