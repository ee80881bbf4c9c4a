/**
 * `keyward keys create/update` with `--disable` / `--enable`, `--allow-ip` / `--any-ip` and
 * `--role` / `--no-roles` (M5, M6, M7, M9): what a service instance sharing the store then sees,
 * the status and lists in `keys list`, and every bad value a usage error naming the flag before the
 * store is contacted (an unreachable Redis would otherwise be exit 4).
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { ApiKeyRecord } from '../../src/core/types.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { deletePrefix, instanceOn, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-access')
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

describe.skipIf(url === null)('keyward keys access flags on a real Redis', { timeout: 60_000 }, () => {
  it('M5, M9: keys create --disable stores a suspended key that a service refuses; keys update --enable resumes it', async () => {
    const { key, record } = await json<{ key: string; record: ApiKeyRecord }>([
      'keys',
      'create',
      '--name',
      'on hold',
      '--disable',
    ])
    expect(record.enabled).toBe(false)
    const instance = await instanceOn(url!, prefix)
    try {
      const request = { authorization: `Bearer ${key}`, method: 'GET', path: '/api/v1/ip/lookup' }
      expect(await instance.keyward.authenticate(request, { consume: false })).toMatchObject({
        ok: false,
        error: { code: 'API_KEY_DISABLED' },
      })
      const list = await keyward(['keys', 'list'])
      expect(list.status, list.describe()).toBe(0)
      expect(list.stdout.split('\n')[0]).toMatch(/\bSTATUS\s+CREATED\b/)
      const row = list.stdout.split('\n').find((line) => line.startsWith(record.id))
      expect(row, list.describe()).toMatch(/ live {2}suspended {2}\d{4}-/)

      const enabled = await keyward(['keys', 'update', record.id, '--enable'])
      expect(enabled.status, enabled.describe()).toBe(0)
      expect(enabled.stdout).toMatch(/^Updated key_\w+ .*: resumed\.$/m)
      expect(enabled.stdout).toMatch(/^ {2}status {5}active$/m)
      expect((await instance.keyward.keys.get(record.id))?.enabled).toBe(true)
      expect(await instance.keyward.authenticate(request, { consume: false })).toMatchObject({ ok: true })

      const suspended = await json(['keys', 'update', record.id, '--disable'])
      expect(suspended.record.enabled).toBe(false)
    } finally {
      await instance.close()
    }
  })

  it('M6, M9: --allow-ip (repeated) stores the normalised ranges; update replaces them; --any-ip clears them', async () => {
    const { record } = await json([
      'keys',
      'create',
      '--name',
      'office',
      '--allow-ip',
      '10.1.2.3/8',
      '--allow-ip',
      '2001:DB8::1/32',
      '--allow-ip',
      '203.0.113.7',
    ])
    const expected = ['10.0.0.0/8', '2001:db8::/32', '203.0.113.7']
    expect(record.allowedIps).toEqual(expected)
    const instance = await instanceOn(url!, prefix)
    try {
      expect((await instance.keyward.keys.get(record.id))?.allowedIps).toEqual(expected)
      const listed = await json<{ keys: ApiKeyRecord[] }>(['keys', 'list'])
      expect(listed.keys.find((k) => k.id === record.id)?.allowedIps).toEqual(expected)

      const replaced = await keyward(['keys', 'update', record.id, '--allow-ip', '192.168.7.9/24'])
      expect(replaced.status, replaced.describe()).toBe(0)
      expect(replaced.stdout).toMatch(/^Updated key_\w+ .*: addresses\.$/m)
      expect(replaced.stdout).toMatch(/^ {2}addresses {2}192\.168\.7\.0\/24$/m)
      expect((await instance.keyward.keys.get(record.id))?.allowedIps).toEqual(['192.168.7.0/24'])

      const cleared = await json(['keys', 'update', record.id, '--any-ip'])
      expect(cleared.record.allowedIps).toBeNull()
      expect((await instance.keyward.keys.get(record.id))?.allowedIps).toBeNull()
    } finally {
      await instance.close()
    }
  })

  it('M7, M9: --role (repeated) stores any well-formed role name; update replaces them; --no-roles clears them', async () => {
    const { record } = await json(['keys', 'create', '--name', 'staff', '--role', 'reader', '--role', 'billing'])
    expect(record.roles).toEqual(['reader', 'billing'])
    const listed = await json<{ keys: ApiKeyRecord[] }>(['keys', 'list'])
    expect(listed.keys.find((k) => k.id === record.id)?.roles).toEqual(['reader', 'billing'])

    const replaced = await keyward(['keys', 'update', record.id, '--role', 'admin'])
    expect(replaced.status, replaced.describe()).toBe(0)
    expect(replaced.stdout).toMatch(/^ {2}roles {6}admin$/m)
    const cleared = await json(['keys', 'update', record.id, '--no-roles'])
    expect(cleared.record.roles).toBeNull()
  })

  const createBad: [string, string[], RegExp][] = [
    [
      'an address that is not one',
      ['--allow-ip', '10.0.0.300'],
      /^option --allow-ip "10\.0\.0\.300" is not an IPv4 or IPv6 address or CIDR range/,
    ],
    ['a prefix too long', ['--allow-ip', '10.0.0.0/33'], /^option --allow-ip "10\.0\.0\.0\/33" is not an IPv4/],
    ['an empty address', ['--allow-ip', ''], /^option --allow-ip "" is not an IPv4/],
    [
      '101 addresses',
      Array.from({ length: 101 }, (_, i) => ['--allow-ip', `10.0.0.${i}`]).flat(),
      /^option --allow-ip takes at most 100 addresses or ranges \(got 101\)$/,
    ],
    ['a role name in capitals', ['--role', 'Admin'], /^option --role "Admin" is not a role name/],
    ['an empty role', ['--role', ''], /^option --role "" is not a role name/],
    [
      '21 roles',
      Array.from({ length: 21 }, (_, i) => ['--role', `r${i}`]).flat(),
      /^option --role takes at most 20 roles \(got 21\)$/,
    ],
    ['--enable (update only)', ['--enable'], /^unknown option "--enable" for keyward keys create/],
    ['--any-ip (update only)', ['--any-ip'], /^unknown option "--any-ip" for keyward keys create/],
  ]
  it.each(createBad)(
    'M9: keys create with %s → usage error (exit 2) naming the flag, the store never contacted',
    async (_, args, message) => {
      const run = await runCli(['keys', 'create', '--name', 'x', ...args, '--prefix', prefix], UNREACHABLE)
      expect(expectOneLineError(run, 2).replace(/^keyward: /, '')).toMatch(message)
    },
  )

  const updateBad: [string, string[], RegExp][] = [
    ['--disable beside --enable', ['--disable', '--enable'], /^options --disable and --enable cannot be combined$/],
    [
      '--allow-ip beside --any-ip',
      ['--allow-ip', '10.0.0.0/8', '--any-ip'],
      /^options --allow-ip and --any-ip cannot be combined$/,
    ],
    ['--role beside --no-roles', ['--role', 'a', '--no-roles'], /^options --role and --no-roles cannot be combined$/],
    ['a bad address', ['--allow-ip', 'example.com'], /^option --allow-ip "example\.com" is not an IPv4/],
    ['a bad role', ['--role', '1st'], /^option --role "1st" is not a role name/],
  ]
  it.each(updateBad)(
    'M9: keys update with %s → usage error (exit 2) before the store is contacted',
    async (_, args, message) => {
      const run = await runCli(['keys', 'update', SOME_ID, ...args], UNREACHABLE)
      expect(expectOneLineError(run, 2).replace(/^keyward: /, '')).toMatch(message)
    },
  )
})
