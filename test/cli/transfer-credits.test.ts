/**
 * `keys export` / `keys import` carry a key's credits (M3, S7): the line holds them as export saw
 * them (never the time they were set), import checks them with the rules create applies, and the
 * imported key spends from them at once. Through the functions the commands run, on memory stores.
 */
import { describe, expect, it } from 'vitest'
import { importKeyRecords, readKeyRecords } from '../../src/cli/commands/import-records.js'
import { encodeRecord } from '../../src/cli/commands/transfer-format.js'
import { CliError } from '../../src/cli/exit-status.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { recordLine } from './support/import-lines.js'

async function* linesOf(lines: readonly string[]): AsyncIterable<string> {
  yield* lines
}

describe('credits through keys export and keys import (M3, S7)', () => {
  it('M3: the line holds the credits; imported into another store, the key spends from them', async () => {
    const source = createKeyward()
    const credits = { remaining: 2, refill: { amount: 9, every: 'day' as const } }
    const { key, record } = await source.keys.create({ name: 'metered', credits })
    const line = encodeRecord((await source.stores.keys.get(record.id))!)
    expect(JSON.parse(line).credits).toEqual(credits)

    const stores = createMemoryStores()
    await importKeyRecords(stores.keys, await readKeyRecords(linesOf([line]), 'svc', Date.now()))
    const target = createKeyward({ stores })
    expect((await target.keys.get(record.id))?.credits).toEqual(credits)
    const first = await target.authenticate({ authorization: `Bearer ${key}` })
    expect(first.ok && first.headers['X-Credits-Remaining']).toBe('1')
  })

  it('M3: a line whose credits break a rule is refused naming the line and the field', async () => {
    const lines = [recordLine({ credits: { remaining: 5 } }), recordLine({ credits: { remaining: -1 } })]
    const error = await readKeyRecords(linesOf(lines), 'svc', Date.now()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CliError)
    expect((error as CliError).message).toMatch(/line 2: [^;]*credits\.remaining/)
    expect((error as CliError).message).not.toMatch(/line 1: /)
  })
})
