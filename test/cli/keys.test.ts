/**
 * `keyward keys …` run as a subprocess against a real Redis: the full key printed exactly once
 * (K3, K4), the record fields (K5), revocation and rotation (K6, K7), the usage log (E5), and the
 * store faults and unknown ids as their own exit statuses.
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import { generateKey, generateKeyId, hashKey, keyPattern, parseKey } from '../../src/core/key-format.js'
import type { ApiKeyRecord, UsageEntry } from '../../src/core/types.js'
import { privateServersAvailable, sharedRedisUrl, startRedisServer } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { deletePrefix, everythingUnder, instanceOn, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-keys')
const UNREACHABLE = 'redis://127.0.0.1:1'

/**
 * The CLI on this file's prefix, with the default key prefix named in the environment (keys create
 * and rotate need it named); the Redis URL comes from REDIS_URL unless the args say otherwise.
 */
function keyward(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCli([...args, '--prefix', prefix], { REDIS_URL: url!, KEYWARD_KEY_PREFIX: 'svc', ...env })
}

async function created(
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ key: string; record: ApiKeyRecord }> {
  const run = await keyward(['keys', 'create', '--json', ...args], env)
  expect(run.status, run.describe()).toBe(0)
  return stdoutJson(run)
}

const allKeys = (text: string) => text.match(keyPattern('svc')) ?? []
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

afterAll(async () => {
  if (url) await deletePrefix(url, prefix)
})

// Each test runs the CLI several times as a subprocess: allow for a loaded machine.
describe.skipIf(url === null)('keyward keys on a real Redis', { timeout: 60_000 }, () => {
  describe('keys create', () => {
    it('prints the full key exactly once on a line of its own, a warning that it is not shown again, and the masked record (K3, K4)', async () => {
      const run = await keyward(['keys', 'create', '--name', 'CI deploy'])
      expect(run.status, run.describe()).toBe(0)
      expect(run.stderr).toBe('')
      const [key, ...more] = allKeys(run.stdout)
      expect(more, run.describe()).toEqual([])
      expect(parseKey(key!).ok).toBe(true)
      expect(run.stdout.split('\n')).toContain(key)
      expect(run.stdout).toMatch(/only time the full key is shown/)
      expect(run.stdout).toContain(`svc_live_****${key!.slice(-4)}`)
      expect(run.stdout).toMatch(/id\s+key_[0-9A-Za-z]{24}\n/)
      expect(run.stdout).toMatch(/status\s+active\n/)
    })

    it('--json prints { key, record } with exactly the K5 record fields; list never shows the key, and Redis never stored it (K3, K5)', async () => {
      const { key, record } = await created(['--name', '  billing  '])
      expect(Object.keys(record).sort()).toEqual(
        [
          'allowedIps',
          'createdAt',
          'credits',
          'enabled',
          'expiresAt',
          'id',
          'keyType',
          'lastUsedAt',
          'limits',
          'maskedKey',
          'meta',
          'name',
          'ownerId',
          'revokedAt',
          'roles',
          'scopes',
          'status',
        ].sort(),
      )
      expect(record).toMatchObject({
        name: 'billing',
        keyType: 'live',
        maskedKey: `svc_live_****${key.slice(-4)}`,
        status: 'active',
        expiresAt: null,
        revokedAt: null,
        lastUsedAt: null,
        scopes: [],
        limits: null,
        ownerId: null,
        meta: null,
      })
      expect(record.id).toMatch(/^key_[0-9A-Za-z]{24}$/)
      expect(record.createdAt).toMatch(ISO_MS)

      for (const args of [
        ['keys', 'list'],
        ['keys', 'list', '--json'],
      ]) {
        const list = await keyward(args)
        expect(list.status, list.describe()).toBe(0)
        expect(list.stdout).toContain(record.maskedKey)
        expect(list.stdout).not.toContain(key)
        expect(allKeys(list.stdout)).toEqual([])
      }
      const stored = await everythingUnder(url!, prefix)
      expect(stored).toContain(record.id)
      expect(stored).not.toContain(key)
    })

    it('--sandbox, --expires-in, --scopes, --per-minute and --per-month become the record (K1, K5, L1)', async () => {
      const before = Date.now()
      const { key, record } = await created([
        '--name',
        'sandbox client',
        '--sandbox',
        '--expires-in',
        '7d',
        '--scopes',
        'ip, email',
        '--per-minute',
        '5',
        '--per-month',
        '100',
      ])
      expect(key.startsWith('svc_test_')).toBe(true)
      expect(record).toMatchObject({
        keyType: 'test',
        scopes: ['ip', 'email'],
        limits: { perMinute: 5, perMonth: 100 },
      })
      const expires = Date.parse(record.expiresAt!)
      expect(expires).toBeGreaterThanOrEqual(before + 7 * 86_400_000)
      expect(expires).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000)
    })

    it('an empty --scopes value makes a key with no scopes, which reaches no scoped route (E5, L6)', async () => {
      const { record } = await created(['--name', 'unscoped', '--scopes', ''])
      expect(record.scopes).toEqual([])
    })

    it('the key it prints authenticates on a service instance sharing the store, and KEYWARD_PEPPER hashes it as the service does (K3, K7)', async () => {
      const plain = await created(['--name', 'plain'])
      const peppered = await created(['--name', 'peppered'], { KEYWARD_PEPPER: 'pepper-of-the-service' })
      const unpeppered = await instanceOn(url!, prefix)
      const withPepper = await instanceOn(url!, prefix, { pepper: 'pepper-of-the-service' })
      try {
        const auth = (instance: typeof unpeppered, key: string) =>
          instance.keyward.authenticate(
            { authorization: `Bearer ${key}`, method: 'POST', path: '/api/v1/auth/test' },
            { consume: false },
          )
        expect(await auth(unpeppered, plain.key)).toMatchObject({ ok: true, apiKey: { id: plain.record.id } })
        expect(await auth(withPepper, peppered.key)).toMatchObject({ ok: true, apiKey: { id: peppered.record.id } })
        expect(await auth(unpeppered, peppered.key)).toMatchObject({ ok: false, error: { code: 'INVALID_API_KEY' } })
      } finally {
        await unpeppered.close()
        await withPepper.close()
      }
    })

    it('--key-prefix and KEYWARD_KEY_PREFIX choose the key prefix of the key where no app recorded one, the flag winning (K1)', async () => {
      // A prefix of its own: on this file's prefix an app instance recorded the key prefix svc.
      const create = (args: string[], env: Record<string, string> = {}) =>
        runCli(['keys', 'create', '--json', ...args, '--prefix', `${prefix}-acme`], { REDIS_URL: url!, ...env })
      const fromFlag = stdoutJson(
        await create(['--name', 'acme', '--key-prefix', 'acme'], { KEYWARD_KEY_PREFIX: 'svc' }),
      )
      expect(fromFlag.key.startsWith('acme_live_')).toBe(true)
      expect(fromFlag.record.maskedKey).toBe(`acme_live_****${fromFlag.key.slice(-4)}`)
      const fromEnv = stdoutJson(await create(['--name', 'acme env'], { KEYWARD_KEY_PREFIX: 'acme' }))
      expect(parseKey(fromEnv.key, 'acme').ok).toBe(true)
    })
  })

  describe('keys list', () => {
    it('lists every key newest first, masked, as a table and as { keys } (K4, K5)', async () => {
      const first = await created(['--name', 'older'])
      const second = await created(['--name', 'newer'])
      const json = await keyward(['keys', 'list', '--json'])
      expect(json.status, json.describe()).toBe(0)
      const { keys } = stdoutJson<{ keys: ApiKeyRecord[] }>(json)
      const ids = keys.map((k) => k.id)
      expect(ids.indexOf(second.record.id)).toBeLessThan(ids.indexOf(first.record.id))
      expect(keys.find((k) => k.id === first.record.id)).toEqual(first.record)
      const createdAts = keys.map((k) => k.createdAt)
      expect([...createdAts].sort().reverse()).toEqual(createdAts)

      const text = await keyward(['keys', 'list'])
      expect(text.status, text.describe()).toBe(0)
      expect(text.stdout.split('\n')[0]).toMatch(
        /^ID\s+NAME\s+OWNER\s+KEY\s+TYPE\s+STATUS\s+CREATED\s+EXPIRES\s+LAST USED\s+LIMITS$/,
      )
      expect(text.stdout).toMatch(
        new RegExp(
          `${second.record.id}\\s+newer\\s+-\\s+${second.record.maskedKey.replace(/\*/g, '\\*')}\\s+live\\s+active`,
        ),
      )
      expect(text.stdout).toMatch(new RegExp(`\\n${keys.length} keys\\.\\n$`))
    })

    it('escapes control characters in names so a name cannot drive the terminal', async () => {
      // E5: such a name is refused at creation; one stored before names were checked is still escaped.
      const refused = await keyward(['keys', 'create', '--name', 'evil\u001b[2Jname'])
      expect(expectOneLineError(refused, 2)).toMatch(/control characters/)
      const instance = await instanceOn(url!, prefix)
      try {
        const key = generateKey('live')
        await instance.stores.keys.insert({
          id: generateKeyId(),
          hash: hashKey(key),
          name: 'evil\u001b[2Jname',
          keyType: 'live',
          last4: key.slice(-4),
          createdAt: Date.now(),
          expiresAt: null,
          revokedAt: null,
          lastUsedAt: null,
          scopes: [],
          limits: null,
          ownerId: null,
          meta: null,
          enabled: true,
          allowedIps: null,
          roles: null,
          credits: null,
        })
      } finally {
        await instance.close()
      }
      const run = await keyward(['keys', 'list'])
      expect(run.stdout).not.toContain('\u001b')
      expect(run.stdout).toContain('evil\\u001b[2Jname')
    })
  })

  describe('keys revoke', () => {
    it('revokes at once; a second revoke succeeds and changes nothing (K6: idempotent)', async () => {
      const { key, record } = await created(['--name', 'to revoke'])
      const first = await keyward(['keys', 'revoke', record.id, '--json'])
      expect(first.status, first.describe()).toBe(0)
      const one = stdoutJson<{ record: ApiKeyRecord; alreadyRevoked: boolean }>(first)
      expect(one.alreadyRevoked).toBe(false)
      expect(one.record).toMatchObject({ id: record.id, status: 'revoked', maskedKey: record.maskedKey })
      expect(one.record.revokedAt).toMatch(ISO_MS)

      const second = await keyward(['keys', 'revoke', record.id, '--json'])
      expect(second.status, second.describe()).toBe(0)
      const two = stdoutJson<{ record: ApiKeyRecord; alreadyRevoked: boolean }>(second)
      expect(two).toEqual({ record: one.record, alreadyRevoked: true })

      const text = await keyward(['keys', 'revoke', record.id])
      expect(text.status).toBe(0)
      expect(text.stdout).toMatch(
        new RegExp(`^${record.id} .* was already revoked at ${one.record.revokedAt}; nothing changed\\.`),
      )
      expect(text.stdout).not.toContain(key)
    })

    it('a key revoked by the CLI is rejected by a service instance sharing the store (K7)', async () => {
      const { key, record } = await created(['--name', 'revoked at once'])
      const instance = await instanceOn(url!, prefix)
      try {
        const request = { authorization: `Bearer ${key}`, method: 'GET', path: '/api/v1/ip/lookup' }
        expect(await instance.keyward.authenticate(request, { consume: false })).toMatchObject({ ok: true })
        const revoke = await keyward(['keys', 'revoke', record.id])
        expect(revoke.status, revoke.describe()).toBe(0)
        expect(revoke.stdout).toMatch(
          /^Revoked key_\w+ \(svc_live_\*{4}\w{4}, "revoked at once"\)\. Requests with it now get 401 API_KEY_REVOKED\./,
        )
        expect(await instance.keyward.authenticate(request, { consume: false })).toMatchObject({
          ok: false,
          error: { code: 'API_KEY_REVOKED' },
        })
      } finally {
        await instance.close()
      }
    })
  })

  describe('keys rotate', () => {
    it('without --grace: prints the new key once and revokes the old key at once (K6)', async () => {
      const old = await created(['--name', 'rotating', '--scopes', 'ip', '--per-minute', '7'])
      const run = await keyward(['keys', 'rotate', old.record.id, '--json'])
      expect(run.status, run.describe()).toBe(0)
      const { key, record, previous } = stdoutJson<{ key: string; record: ApiKeyRecord; previous: ApiKeyRecord }>(run)
      expect(allKeys(run.stdout)).toEqual([key])
      expect(key).not.toBe(old.key)
      expect(record).toMatchObject({
        name: 'rotating',
        keyType: 'live',
        scopes: ['ip'],
        limits: { perMinute: 7 },
        status: 'active',
      })
      expect(record.id).not.toBe(old.record.id)
      expect(previous).toMatchObject({ id: old.record.id, status: 'revoked' })
      expect(previous.revokedAt).toMatch(ISO_MS)
    })

    it('K6: rotating a revoked key exits 2 saying it is revoked, and creates no key', async () => {
      const old = await created(['--name', 'gone'])
      expect((await keyward(['keys', 'revoke', old.record.id])).status).toBe(0)
      const before = stdoutJson<{ keys: ApiKeyRecord[] }>(await keyward(['keys', 'list', '--json'])).keys.length
      const run = await keyward(['keys', 'rotate', old.record.id])
      expect(expectOneLineError(run, 2)).toMatch(/is revoked and cannot be/)
      expect(allKeys(run.stdout)).toEqual([])
      expect(stdoutJson<{ keys: ApiKeyRecord[] }>(await keyward(['keys', 'list', '--json'])).keys.length).toBe(before)
    })

    it('with --grace 1h: the old key stays active and expires an hour later; the text says until when (K6)', async () => {
      const old = await created(['--name', 'graceful', '--sandbox'])
      const before = Date.now()
      const run = await keyward(['keys', 'rotate', old.record.id, '--grace', '1h'])
      expect(run.status, run.describe()).toBe(0)
      const keys = allKeys(run.stdout)
      expect(keys).toHaveLength(1)
      expect(keys[0]!.startsWith('svc_test_')).toBe(true)
      expect(run.stdout).toMatch(/only time the full key is shown/)
      const until = /The old key key_\w+ keeps working until (\S+) \(grace 1 hour\), then expires\./.exec(run.stdout)
      expect(until, run.describe()).not.toBeNull()
      const expires = Date.parse(until![1]!)
      expect(expires).toBeGreaterThanOrEqual(before + 3_600_000 - 1000)
      expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000)

      const list = stdoutJson<{ keys: ApiKeyRecord[] }>(await keyward(['keys', 'list', '--json']))
      const oldNow = list.keys.find((k) => k.id === old.record.id)!
      expect(oldNow).toMatchObject({ status: 'active', revokedAt: null, expiresAt: until![1] })
    })

    it('B2: without --expires-in, a 30-day key gives a replacement that expires when the old key would have (Redis)', async () => {
      const old = await created(['--name', 'thirty days', '--expires-in', '30d'])
      const run = await keyward(['keys', 'rotate', old.record.id, '--json'])
      expect(run.status, run.describe()).toBe(0)
      const { record } = stdoutJson<{ record: ApiKeyRecord }>(run)
      expect(record.expiresAt).toBe(old.record.expiresAt)
    })

    it('B2: keys update --expires-in moves the expiry later or earlier, --no-expiry removes it; both together are a usage error (Redis)', async () => {
      const old = await created(['--name', 'expiring', '--expires-in', '2d'])
      const later = await keyward(['keys', 'update', old.record.id, '--expires-in', '30d', '--json'])
      expect(later.status, later.describe()).toBe(0)
      const { record } = stdoutJson<{ record: ApiKeyRecord }>(later)
      expect(Date.parse(record.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000)
      const none = await keyward(['keys', 'update', old.record.id, '--no-expiry', '--json'])
      expect(none.status, none.describe()).toBe(0)
      expect(stdoutJson<{ record: ApiKeyRecord }>(none).record.expiresAt).toBeNull()
      const both = await keyward(['keys', 'update', old.record.id, '--no-expiry', '--expires-in', '1d'])
      expect(both.status, both.describe()).toBe(2)
      expect(both.stderr).toMatch(/--no-expiry cannot be combined with --expires-in/)
    })

    it('B2: --expires-in later than the old key is refused naming expiresAt, and no key is made (Redis)', async () => {
      const name = `two days ${Date.now()}`
      const old = await created(['--name', name, '--expires-in', '2d'])
      const run = await keyward(['keys', 'rotate', old.record.id, '--expires-in', '30d'])
      expect(run.status, run.describe()).not.toBe(0)
      expect(run.stderr).toMatch(/--expires-in.*may not be later than the old key/)
      const list = stdoutJson<{ keys: ApiKeyRecord[] }>(await keyward(['keys', 'list', '--json']))
      expect(list.keys.filter((k) => k.name === name)).toHaveLength(1)
    })

    it('--name and --expires-in apply to the replacement', async () => {
      const old = await created(['--name', 'old name'])
      const run = await keyward([
        'keys',
        'rotate',
        old.record.id,
        '--name',
        'new name',
        '--expires-in',
        '30d',
        '--grace',
        '15m',
        '--json',
      ])
      expect(run.status, run.describe()).toBe(0)
      const { record, previous } = stdoutJson<{ record: ApiKeyRecord; previous: ApiKeyRecord }>(run)
      expect(record.name).toBe('new name')
      expect(Date.parse(record.expiresAt!) - Date.parse(record.createdAt)).toBeGreaterThan(30 * 86_400_000 - 5000)
      expect(previous.status).toBe('active')
    })
  })

  describe('keys usage', () => {
    it("shows a key's recorded requests newest first, a refused one with its status and code, as a table and as { entries }, honouring --limit (E5, B8)", async () => {
      const { key, record } = await created(['--name', 'busy'])
      const other = await created(['--name', 'other'])
      const instance = await instanceOn(url!, prefix)
      const requestIds: string[] = []
      try {
        for (const [apiKey, path] of [
          [key, '/api/v1/ip/lookup'],
          [other.key, '/api/v1/email/validate'],
          [key, '/api/v1/email/validate'],
        ] as const) {
          const decision = await instance.keyward.authenticate({
            authorization: `Bearer ${apiKey}`,
            method: 'GET',
            path,
            ip: '203.0.113.9',
          })
          if (!decision.ok) throw new Error(`authentication failed: ${decision.error.code}`)
          instance.keyward.recordUsage(decision.apiKey, { method: 'GET', path, status: 200, ip: '203.0.113.9' })
          if (apiKey === key) requestIds.push(decision.requestId)
          await instance.stores.usage.flush()
        }
        // Revoked, the key is refused: the refusal is recorded as it is answered.
        await instance.keyward.keys.revoke(record.id)
        const refused = await instance.keyward.authenticate({
          authorization: `Bearer ${key}`,
          method: 'GET',
          path: '/api/v1/ip/lookup',
          ip: '203.0.113.9',
        })
        if (refused.ok) throw new Error('expected the revoked key to be refused')
        requestIds.push(refused.requestId)
        await instance.stores.usage.flush()
      } finally {
        await instance.close()
      }

      const json = await keyward(['keys', 'usage', record.id, '--json'])
      expect(json.status, json.describe()).toBe(0)
      const { entries } = stdoutJson<{ entries: UsageEntry[] }>(json)
      expect(entries.map((e) => e.requestId)).toEqual([...requestIds].reverse())
      expect(entries[1]).toEqual({
        keyId: record.id,
        ownerId: null,
        requestId: requestIds[1],
        timestamp: expect.stringMatching(ISO_MS),
        method: 'GET',
        path: '/api/v1/email/validate',
        status: 200,
        code: null,
        ip: '203.0.113.9',
        country: null,
      })
      expect(entries[0]).toMatchObject({ requestId: requestIds[2], status: 401, code: 'API_KEY_REVOKED' })

      const limited = stdoutJson<{ entries: UsageEntry[] }>(
        await keyward(['keys', 'usage', record.id, '--limit', '1', '--json']),
      )
      expect(limited.entries.map((e) => e.requestId)).toEqual([requestIds[2]])

      const text = await keyward(['keys', 'usage', record.id])
      expect(text.status, text.describe()).toBe(0)
      expect(text.stdout.split('\n')[0]).toMatch(
        /^TIME\s+KEY ID\s+METHOD\s+PATH\s+STATUS\s+CODE\s+IP\s+COUNTRY\s+REQUEST ID$/,
      )
      expect(text.stdout).toContain(requestIds[0])
      expect(text.stdout).toMatch(/GET\s+\/api\/v1\/ip\/lookup\s+200\s+-\s+203\.0\.113\.9\s+-\s+req_/)
      expect(text.stdout).toMatch(/GET\s+\/api\/v1\/ip\/lookup\s+401\s+API_KEY_REVOKED\s+203\.0\.113\.9\s+-\s+req_/)

      const all = stdoutJson<{ entries: UsageEntry[] }>(await keyward(['keys', 'usage', '--json']))
      expect(new Set(all.entries.map((e) => e.keyId))).toEqual(new Set([record.id, other.record.id]))
    })

    it('a key without usage prints "No usage recorded" (E5)', async () => {
      const { record } = await created(['--name', 'idle'])
      const run = await keyward(['keys', 'usage', record.id])
      expect(run.status, run.describe()).toBe(0)
      expect(run.stdout).toBe(`No usage recorded for ${record.id}.\n`)
    })
  })

  describe('unknown ids and store faults', () => {
    it.each([
      ['revoke', ['keys', 'revoke', 'key_000000000000000000000000']],
      ['rotate', ['keys', 'rotate', 'key_000000000000000000000000', '--grace', '1h']],
      ['usage', ['keys', 'usage', 'key_000000000000000000000000']],
    ])('keys %s with an unknown id exits 3 with one line naming the id', async (_name, args) => {
      const run = await keyward(args)
      const message = expectOneLineError(run, 3)
      expect(message).toMatch(
        /^no API key with id key_000000000000000000000000 in Redis at redis:\/\/127\.0\.0\.1:\d+ \(prefix kwtest:cli-keys:\w+\)$/,
      )
      expect(message).toContain(`prefix ${prefix}`)
      expect(run.stdout).toBe('')
    })

    it('--json adds { error: { code, message, exitStatus } } on stdout for an unknown id', async () => {
      const run = await keyward(['keys', 'revoke', 'key_000000000000000000000000', '--json'])
      expectOneLineError(run, 3)
      expect(stdoutJson(run)).toEqual({
        error: {
          code: 'not_found',
          message: expect.stringMatching(/^no API key with id key_0{24} in Redis at /),
          exitStatus: 3,
        },
      })
    })

    it.each([
      ['list', ['keys', 'list']],
      ['create', ['keys', 'create', '--name', 'x', '--key-prefix', 'svc']],
      ['revoke', ['keys', 'revoke', 'key_000000000000000000000000']],
      ['list --owner (O4)', ['keys', 'list', '--owner', 'acct_42', '--status', 'active']],
      ['update (O5)', ['keys', 'update', 'key_000000000000000000000000', '--meta', '{"plan":"pro"}']],
      ['revoke --owner --all (O6)', ['keys', 'revoke', '--owner', 'acct_42', '--all']],
    ])(
      'keys %s with an unreachable Redis exits 4 within a few seconds, one line, no stack trace',
      async (_name, args) => {
        const run = await runCli([...args, '--redis-url', UNREACHABLE])
        const message = expectOneLineError(run, 4)
        expect(message).toMatch(/^cannot connect to Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/)
        expect(run.ms).toBeLessThan(8000)
      },
    )

    it.runIf(privateServersAvailable())(
      'a Redis that accepts connections but never answers (frozen) exits 4 within a few seconds (R5)',
      async () => {
        const frozen = await startRedisServer()
        try {
          frozen.freeze()
          const run = await runCli(['keys', 'list', '--redis-url', frozen.url])
          expect(expectOneLineError(run, 4)).toBe(`cannot connect to Redis at ${frozen.url}: no answer within 3 s`)
          expect(run.ms).toBeLessThan(10_000)
        } finally {
          await frozen.stop()
        }
      },
    )

    it('REDIS_URL is used when --redis-url is absent, and --redis-url wins over it', async () => {
      const fromEnv = await runCli(['keys', 'list', '--prefix', prefix], { REDIS_URL: UNREACHABLE })
      expectOneLineError(fromEnv, 4)
      const flagWins = await runCli(['keys', 'list', '--prefix', prefix, '--redis-url', url!], {
        REDIS_URL: UNREACHABLE,
      })
      expect(flagWins.status, flagWins.describe()).toBe(0)
    })

    it('a password in the Redis URL never appears in the error', async () => {
      const run = await runCli(['keys', 'list', '--redis-url', 'redis://:hunter2secret@127.0.0.1:1'])
      const message = expectOneLineError(run, 4)
      expect(message).not.toContain('hunter2secret')
      expect(message).toContain('redis://:***@127.0.0.1:1')
    })
  })
})
