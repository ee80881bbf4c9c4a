/**
 * `keys export` / `keys import` carry a key's own list of named limits (M1, S7): the line holds
 * the list as stored, import checks it with the rules create applies (a bad entry refuses the
 * file, naming the line and the field), and the imported key is metered by its list. Through the
 * functions the commands run, on memory stores.
 */
import { describe, expect, it } from 'vitest'
import { importKeyRecords, readKeyRecords } from '../../src/cli/commands/import-records.js'
import { encodeRecord } from '../../src/cli/commands/transfer-format.js'
import { CliError } from '../../src/cli/exit-status.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { recordLine } from './support/import-lines.js'

const LIST = [
  { name: 'burst', limit: 2, window: '10s' },
  { name: 'billing', limit: 5000, window: { month: { day: 15 } } },
]
const STORED = [
  { name: 'burst', limit: 2, window: 10_000 },
  { name: 'billing', limit: 5000, window: { month: { day: 15 } } },
]

async function* linesOf(lines: readonly string[]): AsyncIterable<string> {
  yield* lines
}

describe('named limits through keys export and keys import (M1, S7)', () => {
  it('M1: the exported line holds the list; imported into another store, the key is metered by it', async () => {
    const source = createKeyward()
    const { key, record } = await source.keys.create({ name: 'paid', limits: LIST })
    const line = encodeRecord((await source.stores.keys.get(record.id))!)
    expect(JSON.parse(line).limits).toEqual(STORED)

    const stores = createMemoryStores()
    const records = await readKeyRecords(linesOf([line]), 'svc', Date.now())
    await importKeyRecords(stores.keys, records)
    const target = createKeyward({ stores })
    expect((await target.keys.get(record.id))?.limits).toEqual(STORED)
    const first = await target.authenticate({ authorization: `Bearer ${key}` })
    expect(first.ok && first.headers['X-RateLimit-Limit']).toBe('2')
    await target.authenticate({ authorization: `Bearer ${key}` })
    const third = await target.authenticate({ authorization: `Bearer ${key}` })
    expect(!third.ok && third.error.message).toMatch(/\(limit "burst"\)/)
  })

  it('M1: a line whose list breaks a rule is refused naming the line and the field; nothing is read', async () => {
    const lines = [
      recordLine({ limits: LIST }),
      recordLine({ limits: [{ name: 'burst', limit: 2, window: '10y' }] }),
      recordLine({ limits: [LIST[0], LIST[0]] }),
    ]
    const error = await readKeyRecords(linesOf(lines), 'svc', Date.now()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CliError)
    const { message } = error as CliError
    expect(message).toMatch(/line 2: [^;]*limits\[0\]\.window must be 1 second to 31 days/)
    expect(message).toMatch(/line 3: [^;]*names the limit "burst" twice/)
    expect(message).not.toMatch(/line 1: /)
  })
})
