/**
 * `keyward keys …` with owners and metadata, run as a subprocess against a real Redis: `create
 * --owner --meta` (O1, O2), `list --owner --status --type --limit` streamed through every page
 * (O4), `update` (O5) and `revoke --owner --all` (O6), with the exit status and message of each
 * refusal that needs the store. Refusals decided before Redis is contacted are in bad-input.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { ApiKeyRecord } from '../../src/core/types.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { deletePrefix, instanceOn, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-owners')

function keyward(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCli([...args, '--prefix', prefix], { REDIS_URL: url!, KEYWARD_KEY_PREFIX: 'svc', ...env })
}

/** An owner id no other test uses, so each test sees only its own keys. */
const newOwner = (label: string) => `${label}.${randomBytes(4).toString('hex')}@tenant`

async function created(args: string[]): Promise<{ key: string; record: ApiKeyRecord }> {
  const run = await keyward(['keys', 'create', '--json', ...args])
  expect(run.status, run.describe()).toBe(0)
  return stdoutJson(run)
}

async function listed(args: string[]): Promise<ApiKeyRecord[]> {
  const run = await keyward(['keys', 'list', '--json', ...args])
  expect(run.status, run.describe()).toBe(0)
  return stdoutJson<{ keys: ApiKeyRecord[] }>(run).keys
}

async function updated(id: string, args: string[]): Promise<ApiKeyRecord> {
  const run = await keyward(['keys', 'update', id, '--json', ...args])
  expect(run.status, run.describe()).toBe(0)
  return stdoutJson<{ record: ApiKeyRecord }>(run).record
}

afterAll(async () => {
  if (url) await deletePrefix(url, prefix)
})

describe.skipIf(url === null)('keyward keys with owners and metadata on a real Redis', { timeout: 90_000 }, () => {
  describe('keys create --owner --meta', () => {
    it('the record carries the owner and the meta, in --json and in the text, and a service instance reads them (O1, O2)', async () => {
      const owner = newOwner('acct')
      const { record } = await created([
        '--name',
        'tenant key',
        '--owner',
        owner,
        '--meta',
        '{"plan":"pro","seats":3,"tags":["a"]}',
      ])
      expect(record).toMatchObject({ ownerId: owner, meta: { plan: 'pro', seats: 3, tags: ['a'] } })

      const instance = await instanceOn(url!, prefix)
      try {
        expect(await instance.keyward.keys.get(record.id)).toMatchObject({
          ownerId: owner,
          meta: { plan: 'pro', seats: 3, tags: ['a'] },
        })
      } finally {
        await instance.close()
      }

      const text = await keyward([
        'keys',
        'create',
        '--name',
        'tenant text',
        '--owner',
        owner,
        '--meta',
        '{"plan":"free"}',
      ])
      expect(text.status, text.describe()).toBe(0)
      expect(text.stdout).toMatch(/^Created live key key_\w+ \(svc_live_\*{4}\w{4}, "tenant text"\) for owner /)
      expect(text.stdout).toContain(`  owner      ${owner}\n`)
      expect(text.stdout).toContain('  meta       {"plan":"free"}\n')
    })

    it("without --owner and --meta the key is the service's own: ownerId and meta null; --meta null is the same (O1)", async () => {
      const plain = await created(['--name', 'service key'])
      expect(plain.record).toMatchObject({ ownerId: null, meta: null })
      const nullMeta = await created(['--name', 'null meta', '--meta', 'null'])
      expect(nullMeta.record.meta).toBeNull()
      const text = await keyward(['keys', 'create', '--name', 'service text'])
      expect(text.stdout).toContain('  owner      none (a key of the service itself)\n')
      expect(text.stdout).toContain('  meta       none\n')
    })
  })

  describe('keys list --owner --status --type --limit', () => {
    it("--owner lists that owner's keys only, newest first, each with ownerId and meta (O4)", async () => {
      const owner = newOwner('list')
      const other = newOwner('other')
      const first = await created(['--name', 'first', '--owner', owner, '--meta', '{"n":1}'])
      await created(['--name', 'not mine', '--owner', other])
      await created(['--name', "nobody's"])
      const second = await created(['--name', 'second', '--owner', owner, '--sandbox'])

      const keys = await listed(['--owner', owner])
      expect(keys.map((k) => k.id)).toEqual([second.record.id, first.record.id])
      expect(keys[1]).toEqual(first.record)
      expect(keys.every((k) => k.ownerId === owner)).toBe(true)

      const text = await keyward(['keys', 'list', '--owner', owner])
      expect(text.status, text.describe()).toBe(0)
      const rows = text.stdout.split('\n')
      expect(rows[0]).toMatch(/^ID\s+NAME\s+OWNER\s+KEY\s+TYPE\s+STATUS\s+CREATED\s+EXPIRES\s+LAST USED\s+LIMITS$/)
      expect(rows[1]).toMatch(
        new RegExp(
          `^${second.record.id}\\s+second\\s+${owner.replace(/\./g, '\\.')}\\s+svc_test_\\*{4}\\w{4}\\s+test\\s+active\\s`,
        ),
      )
      expect(text.stdout).toMatch(/\n\n2 keys\.\n$/)
    })

    it('--status and --type filter, alone and with --owner; --limit stops after n keys and says more may match (O4)', async () => {
      const owner = newOwner('filters')
      const live = await created(['--name', 'live one', '--owner', owner])
      const test = await created(['--name', 'test one', '--owner', owner, '--sandbox'])
      const revoked = await created(['--name', 'revoked one', '--owner', owner])
      expect((await keyward(['keys', 'revoke', revoked.record.id])).status).toBe(0)

      expect((await listed(['--owner', owner, '--status', 'revoked'])).map((k) => k.id)).toEqual([revoked.record.id])
      expect((await listed(['--owner', owner, '--status', 'active'])).map((k) => k.id)).toEqual([
        test.record.id,
        live.record.id,
      ])
      expect((await listed(['--owner', owner, '--type', 'test'])).map((k) => k.id)).toEqual([test.record.id])
      expect((await listed(['--owner', owner, '--type', 'live', '--status', 'active'])).map((k) => k.id)).toEqual([
        live.record.id,
      ])
      const everyRevoked = await listed(['--status', 'revoked'])
      expect(everyRevoked.map((k) => k.id)).toContain(revoked.record.id)
      expect(everyRevoked.every((k) => k.status === 'revoked')).toBe(true)

      expect((await listed(['--owner', owner, '--limit', '2'])).map((k) => k.id)).toEqual([
        revoked.record.id,
        test.record.id,
      ])
      const text = await keyward(['keys', 'list', '--owner', owner, '--limit', '1'])
      expect(text.status, text.describe()).toBe(0)
      expect(text.stdout).toMatch(/\n\n1 key \(--limit 1; more may match\)\.\n$/)
      expect(text.stdout).toContain(revoked.record.id)
      expect(text.stdout).not.toContain(test.record.id)
    })

    it('streams every key of an owner across pages (more than one page of 100); --json is the same document printed at once (O4)', async () => {
      const owner = newOwner('many')
      const instance = await instanceOn(url!, prefix)
      try {
        for (let i = 0; i < 130; i++)
          await instance.keyward.keys.create({ name: `bulk ${i}`, ownerId: owner, meta: { i } })
      } finally {
        await instance.close()
      }
      const run = await keyward(['keys', 'list', '--owner', owner, '--json'])
      expect(run.status, run.describe()).toBe(0)
      const { keys } = stdoutJson<{ keys: ApiKeyRecord[] }>(run)
      expect(keys).toHaveLength(130)
      expect(new Set(keys.map((k) => k.id)).size).toBe(130)
      expect(new Set(keys.map((k) => (k.meta as { i: number }).i))).toEqual(new Set(Array(130).keys()))
      // Newest first; keys made in the same millisecond, the larger id first.
      const order = (a: ApiKeyRecord, b: ApiKeyRecord) =>
        b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1)
      expect(keys.map((k) => k.id)).toEqual([...keys].sort(order).map((k) => k.id))
      expect(run.stdout).toBe(`${JSON.stringify({ keys }, null, 2)}\n`)

      const text = await keyward(['keys', 'list', '--owner', owner])
      expect(text.status, text.describe()).toBe(0)
      expect(text.stdout.split('\n').filter((line) => line.startsWith('key_'))).toHaveLength(130)
      expect(text.stdout).toMatch(/\n\n130 keys\.\n$/)
    })

    it('an owner with no keys prints a line saying so, exit 0; --json prints { keys: [] } (O4)', async () => {
      const owner = newOwner('nobody')
      const run = await keyward(['keys', 'list', '--owner', owner, '--status', 'active', '--type', 'live'])
      expect(run.status, run.describe()).toBe(0)
      expect(run.stdout).toMatch(
        new RegExp(
          `^No keys of owner ${owner.replace(/\./g, '\\.')} that are active live keys under the prefix ${prefix} in Redis at redis://\\S+\\.\n$`,
        ),
      )
      const json = await keyward(['keys', 'list', '--owner', owner, '--json'])
      expect(json.stdout).toBe('{\n  "keys": []\n}\n')
    })
  })

  describe('keys update', () => {
    it('replaces name, meta, scopes and limits; the owner never changes; one limit changes alone (O5)', async () => {
      const owner = newOwner('upd')
      const { record } = await created([
        '--name',
        'before',
        '--owner',
        owner,
        '--meta',
        '{"plan":"free"}',
        '--per-month',
        '100',
      ])
      const after = await updated(record.id, [
        '--name',
        'after',
        '--meta',
        '{"plan":"team"}',
        '--scopes',
        'ip, email',
        '--per-minute',
        '50',
      ])
      expect(after).toMatchObject({
        id: record.id,
        name: 'after',
        ownerId: owner,
        meta: { plan: 'team' },
        scopes: ['ip', 'email'],
        limits: { perMinute: 50, perMonth: 100 },
      })
      expect(after.maskedKey).toBe(record.maskedKey)

      expect((await updated(record.id, ['--per-month', 'default'])).limits).toEqual({ perMinute: 50 })
      expect((await updated(record.id, ['--per-minute', 'default'])).limits).toBeNull()
      expect((await updated(record.id, ['--scopes', ''])).scopes).toEqual([])
      expect((await updated(record.id, ['--scopes', 'all'])).scopes).toEqual(['*'])
      const cleared = await updated(record.id, ['--meta', 'null'])
      expect(cleared).toMatchObject({ meta: null, name: 'after', ownerId: owner })
      expect((await listed(['--owner', owner]))[0]).toEqual(cleared)
    })

    it('prints what changed and the record', async () => {
      const { record } = await created(['--name', 'texty'])
      const run = await keyward(['keys', 'update', record.id, '--meta', '{"ref":"INV-7"}', '--per-minute', '9'])
      expect(run.status, run.describe()).toBe(0)
      expect(run.stdout).toMatch(
        new RegExp(`^Updated ${record.id} \\(svc_live_\\*{4}\\w{4}, "texty"\\): meta, limits\\.\\n`),
      )
      expect(run.stdout).toContain('  meta       {"ref":"INV-7"}\n')
      expect(run.stdout).toContain('  limits     9/minute (others: defaults of the key type)\n')
    })

    it('a revoked key cannot be updated: exit 2, code conflict, and nothing changes (O5)', async () => {
      const { record } = await created(['--name', 'frozen', '--meta', '{"a":1}'])
      expect((await keyward(['keys', 'revoke', record.id])).status).toBe(0)
      for (const args of [
        ['--name', 'thawed'],
        ['--per-minute', '5'],
      ]) {
        const run = await keyward(['keys', 'update', record.id, ...args])
        expect(expectOneLineError(run, 2)).toBe(
          `API key ${record.id} is revoked and cannot be updated; create a new key instead`,
        )
        expect(run.stdout).toBe('')
      }
      const json = await keyward(['keys', 'update', record.id, '--name', 'thawed', '--json'])
      expectOneLineError(json, 2)
      expect(stdoutJson(json)).toMatchObject({ error: { code: 'conflict', exitStatus: 2 } })
      const [after] = (await listed(['--status', 'revoked'])).filter((k) => k.id === record.id)
      expect(after).toMatchObject({ name: 'frozen', meta: { a: 1 }, limits: null })
    })

    it.each([
      ['a name', ['--name', 'x']],
      ['a limit', ['--per-month', '5']],
    ])('an unknown id with %s exits 3 naming the id', async (_what, args) => {
      const run = await keyward(['keys', 'update', 'key_000000000000000000000000', ...args])
      expect(expectOneLineError(run, 3)).toMatch(
        /^no API key with id key_0{24} in Redis at redis:\/\/127\.0\.0\.1:\d+ \(prefix kwtest:cli-owners:\w+\)$/,
      )
    })
  })

  describe('keys revoke --owner --all', () => {
    it("revokes every key of the owner that is not revoked yet, prints how many, and leaves other owners' keys alone (O6)", async () => {
      const owner = newOwner('closed')
      const other = newOwner('open')
      await created(['--name', 'a', '--owner', owner])
      await created(['--name', 'b', '--owner', owner, '--sandbox'])
      const already = await created(['--name', 'c', '--owner', owner])
      const revokedBefore = stdoutJson<{ record: ApiKeyRecord }>(
        await keyward(['keys', 'revoke', already.record.id, '--json']),
      ).record
      const kept = await created(['--name', 'kept', '--owner', other])

      const run = await keyward(['keys', 'revoke', '--owner', owner, '--all'])
      expect(run.status, run.describe()).toBe(0)
      expect(run.stdout).toBe(`Revoked 2 keys of owner ${owner}. Requests with them now get 401 API_KEY_REVOKED.\n`)
      const after = await listed(['--owner', owner])
      expect(after.map((k) => k.status)).toEqual(['revoked', 'revoked', 'revoked'])
      expect(after.find((k) => k.id === already.record.id)).toEqual(revokedBefore)
      expect((await listed(['--owner', other])).map((k) => [k.id, k.status])).toEqual([[kept.record.id, 'active']])

      const again = await keyward(['keys', 'revoke', '--owner', owner, '--all', '--json'])
      expect(again.status, again.describe()).toBe(0)
      expect(stdoutJson(again)).toEqual({ ownerId: owner, revoked: 0 })
      const againText = await keyward(['keys', 'revoke', '--owner', owner, '--all'])
      expect(againText.stdout).toBe(
        `Owner ${owner} has no key that is not revoked already under the prefix ${prefix}; nothing changed.\n`,
      )
    })

    it("a service instance sharing the store refuses the owner's keys as soon as the command returns (O6, K7)", async () => {
      const owner = newOwner('instant')
      const other = newOwner('untouched')
      const keys = [
        await created(['--name', 'x', '--owner', owner]),
        await created(['--name', 'y', '--owner', owner, '--sandbox']),
      ]
      const kept = await created(['--name', 'z', '--owner', other])
      const instance = await instanceOn(url!, prefix)
      const auth = (key: string) =>
        instance.keyward.authenticate(
          { authorization: `Bearer ${key}`, method: 'GET', path: '/api/v1/whoami' },
          { consume: false },
        )
      try {
        for (const { key } of keys) expect(await auth(key)).toMatchObject({ ok: true, apiKey: { ownerId: owner } })
        expect((await keyward(['keys', 'revoke', '--owner', owner, '--all'])).status).toBe(0)
        for (const { key } of keys)
          expect(await auth(key)).toMatchObject({ ok: false, error: { code: 'API_KEY_REVOKED' } })
        expect(await auth(kept.key)).toMatchObject({ ok: true, apiKey: { ownerId: other } })
      } finally {
        await instance.close()
      }
    })

    it('--json prints { ownerId, revoked }', async () => {
      const owner = newOwner('json')
      await created(['--name', 'one', '--owner', owner])
      const run = await keyward(['keys', 'revoke', '--owner', owner, '--all', '--json'])
      expect(run.status, run.describe()).toBe(0)
      expect(stdoutJson(run)).toEqual({ ownerId: owner, revoked: 1 })
    })
  })
})
