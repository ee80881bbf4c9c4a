/**
 * N4 from the command line, on a real Redis: changes made with `keyward keys …` are recorded
 * with the actor `cli`, `keys import` records `imported`, and `keyward audit` lists the trail
 * newest first, filtered by owner or key, as a table or as JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { AuditEntry } from '../../src/core/audit.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { recordLine } from './support/import-lines.js'
import { deletePrefix, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-audit')
const dir = mkdtempSync(join(tmpdir(), 'keyward-cli-audit-'))

afterAll(async () => {
  if (url) await deletePrefix(url, prefix)
  rmSync(dir, { recursive: true, force: true })
})

function keyward(args: string[]): Promise<CliRun> {
  return runCli([...args, '--prefix', prefix], { REDIS_URL: url!, KEYWARD_KEY_PREFIX: 'svc' })
}

async function ok(args: string[]): Promise<CliRun> {
  const run = await keyward(args)
  expect(run.status, run.describe()).toBe(0)
  return run
}

describe.skipIf(url === null)('keyward audit on a real Redis (N4)', { timeout: 120_000 }, () => {
  it('records create, update and revoke by cli, and lists them newest first', async () => {
    const { record } = stdoutJson(await ok(['keys', 'create', '--name', 'audited', '--owner', 'org_cli', '--json']))
    await ok(['keys', 'update', record.id, '--name', 'renamed'])
    await ok(['keys', 'revoke', record.id])
    const { entries } = stdoutJson<{ entries: AuditEntry[] }>(await ok(['audit', '--key', record.id, '--json']))
    expect(entries.map((e) => [e.action, e.actor, e.keyId, e.ownerId, e.fields])).toEqual([
      ['revoked', 'cli', record.id, 'org_cli', ['revokedAt']],
      ['updated', 'cli', record.id, 'org_cli', ['name']],
      ['created', 'cli', record.id, 'org_cli', expect.arrayContaining(['name', 'ownerId'])],
    ])
    const table = (await ok(['audit', '--owner', 'org_cli'])).stdout.split('\n')
    expect(table[0]).toMatch(/^TIME\s+ACTION\s+ACTOR\s+KEY\s+OWNER\s+FIELDS$/)
    expect(table[1]).toMatch(new RegExp(`^\\S+Z\\s+revoked\\s+cli\\s+${record.id}\\s+org_cli\\s+revokedAt$`))
    expect(table[3]).toMatch(/\screated\s+cli\s/)
    const limited = stdoutJson<{ entries: AuditEntry[] }>(
      await ok(['audit', '--owner', 'org_cli', '--limit', '1', '--json']),
    )
    expect(limited.entries.map((e) => e.action)).toEqual(['revoked'])
  })

  it('records each imported record as imported by cli, and nothing for a record already stored', async () => {
    const line = recordLine({ ownerId: 'org_import' })
    const id = (JSON.parse(line) as { id: string }).id
    const file = join(dir, 'one.jsonl')
    writeFileSync(file, `${line}\n`)
    await ok(['keys', 'import', file])
    await ok(['keys', 'import', file])
    const { entries } = stdoutJson<{ entries: AuditEntry[] }>(await ok(['audit', '--owner', 'org_import', '--json']))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ action: 'imported', actor: 'cli', keyId: id, ownerId: 'org_import' })
    expect(entries[0]!.fields).toEqual(expect.arrayContaining(['name', 'keyType', 'createdAt']))
    expect(entries[0]!.fields).not.toContain('hash')
  })

  it('refuses a malformed --key or --limit before contacting the store', async () => {
    expect(expectOneLineError(await keyward(['audit', '--key', 'key/../x']), 2)).toMatch(/is not a key id/)
    expect(expectOneLineError(await keyward(['audit', '--limit', '0']), 2)).toMatch(/--limit/)
  })
})
