/**
 * The command line on Postgres, run as a subprocess: `keyward migrate` (S1), the keys commands
 * with `--database-url`, and `keys export` / `keys import` moving keys from Redis to Postgres
 * without reissuing them (S7): afterwards every key authenticates against Postgres and every
 * revoked key stays revoked; the files hold hashes, never keys (K3).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Keyward, createKeyward } from '../../src/index.js'
import { keyPattern } from '../../src/core/key-format.js'
import {
  MIGRATIONS,
  SCHEMA_VERSION,
  createPostgresStores,
  type PostgresStores,
} from '../../src/stores/postgres/index.js'
import type { StoredKey } from '../../src/core/types.js'
import { expectOneLineError, runCli, stdoutJson } from '../cli/support/cli.js'
import { badLines, FULL_KEY, OTHER_PREFIX_KEY, recordLine } from '../cli/support/import-lines.js'
import { instanceOn } from '../cli/support/store.js'
import { type TestDatabase, databaseAvailable, uniqueSchema, withDatabase } from '../helpers/postgres.js'
import { deletePrefix, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const redisUrl = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-transfer')
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const code = (d: Awaited<ReturnType<Keyward['authenticate']>>) => (d.ok ? 'ok' : d.error.code)

describe.skipIf(!databaseAvailable() || redisUrl === null)(
  'the command line on Postgres (S1, S7)',
  { timeout: 60_000 },
  () => {
    let db: TestDatabase
    withDatabase('cli', (database) => (db = database))
    const dir = mkdtempSync(join(tmpdir(), 'keyward-cli-pg-'))
    const schemas: string[] = []
    let stores: PostgresStores
    let onPostgres: Keyward
    beforeAll(() => {
      stores = createPostgresStores({ pool: db.pool, schema: db.schema })
      onPostgres = createKeyward({ stores })
    })
    afterAll(async () => {
      await onPostgres?.close()
      for (const schema of schemas) await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await deletePrefix(redisUrl!, prefix)
      rmSync(dir, { recursive: true, force: true })
    })

    /** The CLI on this file's schema, with nothing from the test runner's environment. */
    const onSchema = (args: string[], env: Record<string, string> = {}) =>
      runCli([...args, '--database-url', db.url, '--schema', db.schema], { KEYWARD_KEY_PREFIX: 'svc', ...env })

    describe('keyward migrate (S1)', () => {
      it('S1: migrates a new schema, then says it is up to date; --json gives the versions', async () => {
        const schema = uniqueSchema('cli_migrate')
        schemas.push(schema)
        const first = await runCli(['migrate', '--schema', schema], { DATABASE_URL: db.url })
        expect(first.status, first.describe()).toBe(0)
        expect(first.stdout).toMatch(
          new RegExp(
            `^Applied migrations ${MIGRATIONS.map((m) => m.version).join(', ')} to the schema ${schema} in Postgres at postgres://postgres@127\\.0\\.0\\.1:\\d+/postgres; it is at version ${SCHEMA_VERSION}\\.\\n$`,
          ),
        )
        const again = await runCli(['migrate', '--schema', schema, '--database-url', db.url, '--json'])
        expect(again.status, again.describe()).toBe(0)
        expect(stdoutJson(again)).toEqual({ schema, applied: [], version: SCHEMA_VERSION })
      })

      it('S1/R5: without a URL it is a usage error; an unreachable Postgres is exit 4 within seconds; a password never shows', async () => {
        expect(expectOneLineError(await runCli(['migrate']), 2)).toMatch(
          /^migrate needs the Postgres URL: pass --database-url/,
        )
        const down = await runCli(['migrate', '--database-url', 'postgres://app:s3cret-pw@127.0.0.1:1/app'])
        expect(expectOneLineError(down, 4)).toMatch(
          /^migrating Postgres at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/app \(schema keyward\) failed: /,
        )
        expect(down.stderr).not.toContain('s3cret-pw')
        expect(down.ms).toBeLessThan(15_000)
        expect(expectOneLineError(await runCli(['migrate', '--database-url', 'redis://127.0.0.1:6379']), 2)).toMatch(
          /must be a postgres:\/\/ or postgresql:\/\/ URL/,
        )
      })

      it('S1: without the pg package, migrate and the Postgres keys commands are exit 8 naming it; Redis commands do not need it', async () => {
        const withoutPg = ['./test/postgres/without-pg.mjs']
        const migrateRun = await runCli(['migrate', '--database-url', db.url], {}, 30_000, withoutPg)
        expect(expectOneLineError(migrateRun, 8)).toBe(
          'the Postgres store is reached through the pg package, which is not installed here: npm install pg',
        )
        const list = await runCli(
          ['keys', 'list', '--database-url', db.url, '--schema', db.schema],
          {},
          30_000,
          withoutPg,
        )
        expectOneLineError(list, 8)
        const onRedis = await runCli(
          ['keys', 'list', '--redis-url', redisUrl!, '--prefix', prefix],
          {},
          30_000,
          withoutPg,
        )
        expect(onRedis.status, onRedis.describe()).toBe(0)
      })

      it('S1: the keys commands on a schema never migrated are exit 4, naming keyward migrate', async () => {
        const run = await runCli(['keys', 'list', '--database-url', db.url, '--schema', 'kwtest_never_made'])
        expect(expectOneLineError(run, 4)).toMatch(
          new RegExp(
            `has no keyward schema "kwtest_never_made" at version ${SCHEMA_VERSION}: run keyward migrate --database-url <url> --schema kwtest_never_made first`,
          ),
        )
      })
    })

    describe('the keys commands on Postgres', () => {
      it('S1: keys create writes to Postgres, where the service authenticates the key; list and revoke work on it', async () => {
        const create = await onSchema(['keys', 'create', '--name', 'made by the CLI', '--owner', 'acct-cli', '--json'])
        expect(create.status, create.describe()).toBe(0)
        const { key, record } = stdoutJson(create)
        expect(code(await onPostgres.authenticate(bearer(key)))).toBe('ok')
        const list = await onSchema(['keys', 'list', '--owner', 'acct-cli', '--json'])
        expect(stdoutJson(list).keys.map((r: { id: string }) => r.id)).toEqual([record.id])
        const revoke = await onSchema(['keys', 'revoke', record.id])
        expect(revoke.status, revoke.describe()).toBe(0)
        expect(code(await onPostgres.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
      })

      it("M3: --credits sets a Postgres key's balance; --add-credits, which only the app's limiter could count, is refused and changes nothing", async () => {
        const create = await onSchema(['keys', 'create', '--name', 'with credits', '--credits', '10', '--json'])
        expect(create.status, create.describe()).toBe(0)
        const { record } = stdoutJson(create)
        const topUp = await onSchema(['keys', 'update', record.id, '--add-credits', '5'])
        expect(expectOneLineError(topUp, 2)).toMatch(/^option --add-credits cannot reach a key stored in Postgres/)
        const set = await onSchema(['keys', 'update', record.id, '--credits', '25', '--json'])
        expect(set.status, set.describe()).toBe(0)
        expect((await onPostgres.keys.get(record.id))?.credits).toEqual({ remaining: 25 })
      })

      it('S1: on Postgres, "nothing found" messages name the schema, never a Redis prefix', async () => {
        const none = await onSchema(['keys', 'list', '--owner', 'acct-nobody'])
        expect(none.stdout).toBe(
          `No keys of owner acct-nobody in the schema ${db.schema} in Postgres at ${db.url.replace(/\/$/, '')}.\n`,
        )
        const revokeAll = await onSchema(['keys', 'revoke', '--owner', 'acct-nobody', '--all'])
        expect(revokeAll.stdout).toBe(
          `Owner acct-nobody has no key that is not revoked already in the schema ${db.schema}; nothing changed.\n`,
        )
      })

      it('both DATABASE_URL and REDIS_URL in the environment: the CLI asks which store instead of guessing', async () => {
        const run = await runCli(['keys', 'list'], { DATABASE_URL: db.url, REDIS_URL: redisUrl! })
        expect(expectOneLineError(run, 2)).toMatch(
          /^both DATABASE_URL and REDIS_URL are set: pass --redis-url for keys in Redis, --database-url for keys in Postgres, or both for keys in Postgres cached in Redis/,
        )
        const flagged = await runCli(['keys', 'list', '--database-url', db.url, '--schema', db.schema], {
          REDIS_URL: redisUrl!,
        })
        expect(flagged.status, flagged.describe()).toBe(0)
      })
    })

    describe('the app records its key prefix in Postgres when it starts (K1, K4)', () => {
      it("K1/K4: an app with keyPrefix 'acme' runs ready(); keys create without --key-prefix makes an acme_live_ key it accepts, and keys list masks it as acme_live_****", async () => {
        const schema = uniqueSchema('cli_acme')
        schemas.push(schema)
        expect((await runCli(['migrate', '--schema', schema, '--database-url', db.url])).status).toBe(0)
        const appStores = createPostgresStores({ pool: db.pool, schema })
        const app = createKeyward({ stores: appStores, keyPrefix: 'acme', serviceName: 'Acme' })
        try {
          await appStores.ready()
          expect(await appStores.appSettings?.()).toEqual({ keyPrefix: 'acme', serviceName: 'Acme' })
          const onAcme = (args: string[], env: Record<string, string> = {}) =>
            runCli([...args, '--database-url', db.url, '--schema', schema], env)
          const create = await onAcme(['keys', 'create', '--name', 'ci', '--json'])
          expect(create.status, create.describe()).toBe(0)
          const { key, record } = stdoutJson(create)
          expect(key).toMatch(/^acme_live_[0-9A-Za-z]{38}$/)
          expect(record.maskedKey).toBe(`acme_live_****${key.slice(-4)}`)
          expect(code(await app.authenticate(bearer(key)))).toBe('ok')
          const list = await onAcme(['keys', 'list'])
          expect(list.stdout).toContain(`acme_live_****${key.slice(-4)}`)
          expect(list.stdout).not.toContain('svc_live_')
          const contradicting = await onAcme(['keys', 'create', '--name', 'ci'], { KEYWARD_KEY_PREFIX: 'svc' })
          expect(expectOneLineError(contradicting, 2)).toMatch(
            /recorded the key prefix acme when it started .* says svc, whose keys that app refuses/,
          )
        } finally {
          await app.close()
        }
      })
    })

    describe('keys export and keys import, Redis to Postgres (S7)', () => {
      let source: Awaited<ReturnType<typeof instanceOn>>
      let issued: { key: string; id: string; revoked: boolean }[]
      beforeAll(async () => {
        source = await instanceOn(redisUrl!, prefix)
        issued = []
        const inputs = [
          { name: 'plain' },
          { name: 'owned', ownerId: 'acct-move', meta: { plan: 'pro', seats: 3 } },
          { name: 'scoped sandbox', sandbox: true, scopes: ['ip'], limits: { perMinute: 5, perMonth: 50 } },
          { name: 'expiring', expiresAt: Date.now() + 86_400_000 },
          { name: 'to revoke', ownerId: 'acct-move' },
        ]
        for (const input of inputs) {
          const { key, record } = await source.keyward.keys.create(input)
          issued.push({ key, id: record.id, revoked: false })
        }
        await source.keyward.keys.revoke(issued[4]!.id)
        issued[4]!.revoked = true
      })
      afterAll(async () => {
        await source?.close()
      })

      const exportFile = (name: string) => join(dir, name)
      const redisExport = (args: string[]) =>
        runCli(['keys', 'export', ...args, '--redis-url', redisUrl!, '--prefix', prefix])

      it('S7: an export that fails leaves no file behind, so the same command can be run again', async () => {
        const file = exportFile('failed.jsonl')
        const failed = await runCli([
          'keys',
          'export',
          '--output',
          file,
          '--redis-url',
          'redis://127.0.0.1:1',
          '--prefix',
          prefix,
        ])
        expect(failed.status, failed.describe()).toBe(4)
        expect(existsSync(file)).toBe(false)
        const again = await redisExport(['--output', file])
        expect(again.status, again.describe()).toBe(0)
        expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(5)
      })

      it('S7/K3: export writes one record a line, hashes and never keys, to a new file only its owner can read', async () => {
        const file = exportFile('first.jsonl')
        const run = await redisExport(['--output', file])
        expect(run.status, run.describe()).toBe(0)
        expect(run.stdout).toMatch(
          new RegExp(`^Exported 5 key records from Redis at .* \\(prefix ${prefix}\\) to ${file}\\.\\n$`),
        )
        expect(statSync(file).mode & 0o777).toBe(0o600)
        const text = readFileSync(file, 'utf8')
        const records = text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>)
        expect(records.map((r) => r.id).sort()).toEqual(issued.map((k) => k.id).sort())
        expect(text.match(keyPattern('svc')) ?? []).toEqual([])
        for (const { key } of issued) expect(text).not.toContain(key.slice(9, -4))
        const again = await redisExport(['--output', file])
        expect(expectOneLineError(again, 2)).toMatch(/exists already/)
      })

      it('S7: imported into Postgres, every key authenticates there, the revoked one stays revoked, and the records are the same', async () => {
        const file = exportFile('to-postgres.jsonl')
        expect((await redisExport(['--output', file])).status).toBe(0)
        const run = await onSchema(['keys', 'import', file])
        expect(run.status, run.describe()).toBe(0)
        expect(run.stdout).toMatch(
          /^Imported 5 key records into Postgres at .* \(schema kwtest_cli_[0-9a-f]+\); 0 were stored already\.\n$/,
        )
        for (const { key, revoked } of issued)
          expect(code(await onPostgres.authenticate(bearer(key)))).toBe(revoked ? 'API_KEY_REVOKED' : 'ok')
        const withoutUse = (k: StoredKey | undefined) => k && { ...k, lastUsedAt: null }
        for (const { id } of issued)
          expect(withoutUse(await stores.keys.get(id))).toEqual(withoutUse(await source.stores.keys.get(id)))
        const again = await onSchema(['keys', 'import', file, '--json'])
        expect(stdoutJson(again)).toEqual({ imported: 0, alreadyStored: 5, narrowed: 0, conflicts: [] })
      })

      it('S7/K6: a key revoked at the source after the first import is revoked by importing again; nothing is ever revived', async () => {
        const target = issued[0]!
        await source.keyward.keys.revoke(target.id)
        const run = spawnSync(
          'sh',
          [
            '-c',
            `${cliCommand(['keys', 'export', '--redis-url', redisUrl!, '--prefix', prefix])} | ${cliCommand(['keys', 'import', '--database-url', db.url, '--schema', db.schema, '--json'])}`,
          ],
          {
            encoding: 'utf8',
            env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
          },
        )
        expect(run.status, run.stderr).toBe(0)
        expect(JSON.parse(run.stdout)).toEqual({ imported: 0, alreadyStored: 4, narrowed: 1, conflicts: [] })
        expect(code(await onPostgres.authenticate(bearer(target.key)))).toBe('API_KEY_REVOKED')
        target.revoked = true
      })

      it('S7: a line that is not a record imports nothing, naming its line and never echoing it', async () => {
        const file = exportFile('bad.jsonl')
        const fresh = recordLine({ name: 'would be new' })
        writeFileSync(file, `${fresh}\n{"id":"key_x","hash":"svc_live_${'A'.repeat(38)}"}\n`)
        const run = await onSchema(['keys', 'import', file])
        expect(expectOneLineError(run, 2)).toMatch(
          /^nothing was imported: 1 of 2 lines refused \(line 2: "name" is missing\)/,
        )
        expect(run.stderr).not.toContain('AAAA')
        expect(await stores.keys.get(JSON.parse(fresh).id)).toBeUndefined()
      })

      it('S7/K3/O2: each line create would refuse is named with its reason, and nothing of the file reaches Postgres', async () => {
        const bad = badLines()
        const fresh = recordLine({ name: 'would be new' })
        const storedIds = async () =>
          (await stores.keys.list({ limit: 100, now: Date.now() })).keys.map((k) => k.id).sort()
        const before = await storedIds()
        const file = exportFile('refused.jsonl')
        writeFileSync(file, `${[fresh, ...bad.map((line) => line.text)].join('\n')}\n`)
        const run = await onSchema(['keys', 'import', file])
        const message = expectOneLineError(run, 2)
        expect(message).toMatch(new RegExp(`^nothing was imported: ${bad.length} of ${bad.length + 1} lines refused`))
        bad.forEach((line, index) => {
          expect(message, line.label).toContain(`line ${index + 2}: `)
        })
        for (const line of bad) expect(message, line.label).toMatch(line.reason!)
        for (const secret of [FULL_KEY, OTHER_PREFIX_KEY]) expect(run.stderr).not.toContain(secret)
        expect(await storedIds()).toEqual(before)
      })

      it('S7: a record whose id belongs to a different key imports nothing of the file, naming the line', async () => {
        const file = exportFile('clash.jsonl')
        const line = JSON.parse(readFileSync(exportFile('to-postgres.jsonl'), 'utf8').split('\n')[0]!)
        const fresh = recordLine({ name: 'would be new' })
        writeFileSync(file, `${fresh}\n${JSON.stringify({ ...line, hash: 'f'.repeat(64) })}\n`)
        const run = await onSchema(['keys', 'import', file])
        expect(expectOneLineError(run, 2)).toMatch(
          /^nothing was imported: 1 line clashes with keys already stored \(line 2: a different key is stored under its id\)/,
        )
        expect(await stores.keys.get(JSON.parse(fresh).id)).toBeUndefined()
      })
    })
  },
)

/** A shell command running the CLI from source (the run's bundle), for pipes. */
function cliCommand(args: string[]): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`
  return [process.execPath, inject('keywardCli'), ...args].map(quote).join(' ')
}
