/**
 * `keys import` imports a file whole or not at all. Every line is checked first (the rules of
 * create, and the fields only a stored record has), then every record against the store (an id
 * or hash that belongs to another key); only when nothing is refused is anything written. A
 * refusal names each line and why, never echoing what the line holds (it could hold a key).
 */
import type { KeyStore, StoredKey } from '../../core/types.js'
import { CliError, EXIT } from '../exit-status.js'
import { parseRecordLine, RecordLineError } from './transfer-format.js'

/** A record and the line of the file it is on. */
export interface NumberedRecord {
  line: number
  record: StoredKey
}

/** A line refused, and why. */
export interface Refusal {
  line: number
  reason: string
}

/** What import did, record by record. */
export interface ImportCounts {
  imported: number
  present: number
  narrowed: number
  /** Records that met another key only while being written (another import at the same time). */
  conflicts: { line: number; id: string; reason: string }[]
}

/** Refusals a message lists; the rest are counted. */
const LISTED_AT_MOST = 20
/** Store calls in flight at once. */
const CONCURRENCY = 16

/** A reason as shown: a quoted value that could be part of a key is left out. */
function shown(reason: string): string {
  return /_(?:live|test)_/.test(reason) ? reason.replace(/"[^"]*"/g, 'a value') : reason
}

const lines = (count: number) => `${count} line${count === 1 ? '' : 's'}`

/** Every refusal as one error: `summary`, then the first LISTED_AT_MOST by line and how many more. */
function refusal(refused: readonly Refusal[], summary: string): CliError {
  const listed = refused.slice(0, LISTED_AT_MOST).map(({ line, reason }) => ({ line, reason: shown(reason) }))
  const more = refused.length - listed.length
  const list = listed.map(({ line, reason }) => `line ${line}: ${reason}`).join('; ')
  return new CliError(
    EXIT.usage,
    'usage',
    `nothing was imported: ${summary} (${list}${more > 0 ? `; and ${more} more` : ''}); fix or remove ${refused.length === 1 ? 'it' : 'them'} and run keys import again`,
    { refused: listed, refusedLines: refused.length },
  )
}

/** Why `record` cannot join the records before it in the file; undefined when it can. */
function clashInFile(
  record: StoredKey,
  ids: Map<string, NumberedRecord>,
  hashes: Map<string, NumberedRecord>,
): string | undefined {
  const sameId = ids.get(record.id)
  if (sameId !== undefined && sameId.record.hash !== record.hash)
    return `its id is on line ${sameId.line} with another hash`
  const sameHash = hashes.get(record.hash)
  if (sameHash !== undefined && sameHash.record.id !== record.id)
    return `its hash is on line ${sameHash.line} under another id`
  return undefined
}

/**
 * Reads and checks every line; throws a usage error listing the refused lines when any is, so
 * nothing is imported. Blank lines are skipped. `keyPrefix` is the service's (name and meta rules).
 */
export async function readKeyRecords(
  input: AsyncIterable<string>,
  keyPrefix: string,
  now: number,
): Promise<NumberedRecord[]> {
  const records: NumberedRecord[] = []
  const refused: Refusal[] = []
  const ids = new Map<string, NumberedRecord>()
  const hashes = new Map<string, NumberedRecord>()
  let line = 0
  for await (const text of input) {
    line++
    if (text.trim() === '') continue
    let record: StoredKey
    try {
      record = parseRecordLine(text, keyPrefix, now)
    } catch (error) {
      if (!(error instanceof RecordLineError)) throw error
      refused.push({ line, reason: error.message })
      continue
    }
    const clash = clashInFile(record, ids, hashes)
    if (clash !== undefined) {
      refused.push({ line, reason: clash })
      continue
    }
    const numbered = { line, record }
    records.push(numbered)
    ids.set(record.id, numbered)
    hashes.set(record.hash, numbered)
  }
  if (refused.length > 0) throw refusal(refused, `${refused.length} of ${lines(line)} refused`)
  return records
}

/** Runs `task` on every item, CONCURRENCY at a time. */
async function inBatches<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    await Promise.all(items.slice(start, start + CONCURRENCY).map(task))
  }
}

/** Why `record` cannot be stored beside what `keys` holds; undefined when it can. */
async function clashInStore(keys: KeyStore, record: StoredKey): Promise<string | undefined> {
  const existing = await keys.get(record.id)
  if (existing !== undefined)
    return existing.hash === record.hash ? undefined : 'a different key is stored under its id'
  const sameHash = await keys.findByHash(record.hash)
  return sameHash === undefined ? undefined : `its hash is stored under the id ${sameHash.id}`
}

/** Told of each record inserted, once it is stored (the audit trail's `imported` entry). */
export type OnImported = (record: StoredKey) => Promise<void>

/** One record into `keys`: inserted, or matched to the same key already stored (narrowed when the file revokes or expires it sooner). */
async function importOne(
  keys: KeyStore,
  { line, record }: NumberedRecord,
  counts: ImportCounts,
  imported: OnImported,
): Promise<void> {
  let existing = await keys.get(record.id)
  if (existing === undefined) {
    try {
      await keys.insert(record)
    } catch (error) {
      existing = await keys.get(record.id)
      if (existing === undefined) {
        if ((await keys.findByHash(record.hash)) !== undefined) {
          counts.conflicts.push({ line, id: record.id, reason: 'its hash is stored under another id' })
          return
        }
        throw error
      }
    }
    if (existing === undefined) {
      counts.imported++
      await imported(record)
      return
    }
  }
  if (existing.hash !== record.hash) {
    counts.conflicts.push({ line, id: record.id, reason: 'a different key is stored under this id' })
    return
  }
  let narrowed = false
  if (record.revokedAt !== null && existing.revokedAt === null)
    narrowed = (await keys.revoke(record.id, record.revokedAt)) !== undefined
  if (record.expiresAt !== null && (existing.expiresAt === null || record.expiresAt < existing.expiresAt)) {
    narrowed = (await keys.shortenExpiry(record.id, record.expiresAt)) !== undefined || narrowed
  }
  if (narrowed) counts.narrowed++
  else counts.present++
}

/**
 * Stores checked records: first every one is checked against the store (throws a usage error
 * listing the lines whose id or hash belongs to another key, and nothing is written), then each
 * is inserted, or left as stored with a revocation or earlier expiry from the file applied.
 */
export async function importKeyRecords(
  keys: KeyStore,
  records: readonly NumberedRecord[],
  imported: OnImported = async () => {},
): Promise<ImportCounts> {
  const refused: Refusal[] = []
  await inBatches(records, async ({ line, record }) => {
    const reason = await clashInStore(keys, record)
    if (reason !== undefined) refused.push({ line, reason })
  })
  if (refused.length > 0) {
    const count = refused.length
    throw refusal(
      refused.sort((a, b) => a.line - b.line),
      `${lines(count)} clash${count === 1 ? 'es' : ''} with keys already stored`,
    )
  }
  const counts: ImportCounts = { imported: 0, present: 0, narrowed: 0, conflicts: [] }
  await inBatches(records, (numbered) => importOne(keys, numbered, counts, imported))
  return counts
}
