/**
 * `keyward keys import` runs the rules of create, and those of a stored record, on every line
 * before it stores anything (S7 with K3, K5, O1, O2 and the E5 field rules): a file with one bad
 * line imports nothing, and the error names each refused line and why, never echoing a key. On a
 * real Redis through the command line, and on the memory store through the import functions
 * the command runs (the command line reaches only Redis and Postgres).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { importKeyRecords, readKeyRecords } from '../../src/cli/commands/import-records.js'
import { CliError } from '../../src/cli/exit-status.js'
import { createMemoryKeyStore } from '../../src/stores/memory/key-store.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson } from './support/cli.js'
import { badLines, FULL_KEY, OTHER_PREFIX_KEY, recordLine } from './support/import-lines.js'
import { deletePrefix, everythingUnder, instanceOn, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-import')
const dir = mkdtempSync(join(tmpdir(), 'keyward-cli-import-'))

afterAll(async () => {
  if (url) await deletePrefix(url, prefix)
  rmSync(dir, { recursive: true, force: true })
})

function fileOf(name: string, lines: readonly string[]): string {
  const file = join(dir, name)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** The reason given for `line` in a refusal message. */
function reasonFor(message: string, line: number): string | undefined {
  return message
    .split(/; (?=line \d+: )|\(line (?=\d+: )/)
    .map((entry) => entry.replace(/^line /, ''))
    .find((entry) => entry.startsWith(`${line}: `))
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const idOf = (line: string) => (JSON.parse(line) as { id: string }).id

async function* linesOf(lines: readonly string[]): AsyncIterable<string> {
  yield* lines
}

describe.skipIf(url === null)(
  'keyward keys import on a real Redis refuses what create refuses (S7, K3, O2)',
  { timeout: 60_000 },
  () => {
    const importFile = (file: string, extra: string[] = []) =>
      runCli(['keys', 'import', file, '--prefix', prefix, ...extra], { REDIS_URL: url!, KEYWARD_KEY_PREFIX: 'svc' })

    it('S7/K3/O2: each bad line is refused naming its line and reason, nothing of the file is stored, and no key is echoed', async () => {
      const bad = badLines()
      const good = recordLine({ name: 'good line' })
      const file = fileOf('bad.jsonl', [good, ...bad.map((line) => line.text)])
      const run = await importFile(file)
      const message = expectOneLineError(run, 2)
      expect(message).toMatch(
        new RegExp(`^nothing was imported: ${bad.length} of ${bad.length + 1} lines refused \\(line 2: `),
      )
      bad.forEach((line, index) => {
        expect(reasonFor(message, index + 2), line.label).toMatch(line.reason!)
      })
      expect(message).toMatch(/; fix or remove them and run keys import again$/)
      for (const secret of [FULL_KEY, OTHER_PREFIX_KEY, FULL_KEY.slice(9, 30), 'xxxxxxxxxx', '\u001b'])
        expect(run.stderr).not.toContain(secret)
      expect(await everythingUnder(url!, prefix)).toBe('')
    })

    it('S7: --json lists the refused lines with their reasons; past 20 the message counts the rest', async () => {
      const bad = Array.from({ length: 25 }, (_, i) => recordLine({ scopes: [`bad scope ${i}`] }))
      const run = await importFile(fileOf('many.jsonl', bad), ['--json'])
      const message = expectOneLineError(run, 2)
      expect(message).toMatch(
        /^nothing was imported: 25 of 25 lines refused \(line 1: scopes: each scope must be a lowercase letter then up to 63 of a-z/,
      )
      expect(message).toMatch(/line 20: [^;]+; and 5 more\)/)
      expect(message).not.toContain('line 21:')
      const { error } = stdoutJson(run)
      expect(error).toMatchObject({ code: 'usage', exitStatus: 2, refusedLines: 25 })
      expect(error.refused).toHaveLength(20)
      expect(error.refused[0]).toEqual({
        line: 1,
        reason: expect.stringMatching(/^scopes: each scope must be a lowercase letter then up to 63 of a-z/),
      })
      expect(await everythingUnder(url!, prefix)).toBe('')
    })

    it('S7: two lines of one file with the same id and different hashes are refused, naming the earlier line', async () => {
      const first = recordLine()
      const clash = recordLine({ id: idOf(first) })
      const message = expectOneLineError(await importFile(fileOf('twice.jsonl', [first, clash])), 2)
      expect(message).toContain('1 of 2 lines refused (line 2: its id is on line 1 with another hash)')
      expect(await everythingUnder(url!, prefix)).toBe('')
    })

    it('S7: a file of good lines is imported, and the records are listed as the file holds them', async () => {
      const lines = [
        recordLine({ name: 'first', scopes: ['ip'], meta: { plan: 'pro' } }),
        recordLine({ name: 'second', ownerId: 'acct-9' }),
      ]
      const run = await importFile(fileOf('good.jsonl', lines), ['--json'])
      expect(run.status, run.describe()).toBe(0)
      expect(stdoutJson(run)).toEqual({ imported: 2, alreadyStored: 0, narrowed: 0, conflicts: [] })
      const app = await instanceOn(url!, prefix)
      try {
        const first = await app.keyward.keys.get(idOf(lines[0]!))
        expect(first).toMatchObject({ name: 'first', scopes: ['ip'], meta: { plan: 'pro' } })
      } finally {
        await app.close()
      }
    })
  },
)

describe('keys import on the memory store (S7, K3, O2)', () => {
  it('S7/K3/O2: the file is checked whole before the store is touched: the bad lines named, the good one not stored', async () => {
    const keys = createMemoryKeyStore()
    const bad = badLines()
    const lines = [recordLine({ name: 'good' }), ...bad.map((line) => line.text)]
    const error = await readKeyRecords(linesOf(lines), 'svc', Date.now()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CliError)
    const { message, details } = error as CliError
    bad.forEach((line, index) => {
      expect(reasonFor(message, index + 2), line.label).toMatch(line.reason!)
    })
    expect(details).toMatchObject({ refusedLines: bad.length })
    expect(message).not.toContain(FULL_KEY)
    expect(keys.list({ limit: 100, now: Date.now() }).keys).toEqual([])
  })

  it('S7: a record whose id holds another key in the store imports nothing of the file', async () => {
    const keys = createMemoryKeyStore()
    const stored = recordLine({ name: 'already here' })
    keys.insert((await readKeyRecords(linesOf([stored]), 'svc', Date.now()))[0]!.record)
    const lines = [recordLine({ name: 'new' }), recordLine({ id: idOf(stored) })]
    const records = await readKeyRecords(linesOf(lines), 'svc', Date.now())
    await expect(importKeyRecords(keys, records)).rejects.toThrow(
      new RegExp(
        `^${escaped('nothing was imported: 1 line clashes with keys already stored (line 2: a different key is stored under its id)')}`,
      ),
    )
    expect(keys.get(idOf(lines[0]!))).toBeUndefined()
  })
})
