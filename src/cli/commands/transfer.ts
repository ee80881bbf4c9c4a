/**
 * `keyward keys export` and `keys import`: stored records (hashes, never keys, K3) as JSON lines,
 * so keys move between stores — Redis to Postgres, one prefix or schema to another — without
 * being reissued. A moved key authenticates wherever the service hashes with the same pepper.
 * Import is all or nothing (`import-records.ts`): every line is checked with create's rules first.
 * It is idempotent: a record already stored is left as it is, except that a revocation or an
 * earlier expiry in the file is applied (they only ever narrow what a key may do, K6).
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import type { KeyStore, RateLimiter, StoredKey } from '../../core/types.js'
import { balanceIdOf } from '../../core/credits.js'
import { stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { usageError } from '../exit-status.js'
import { lines } from '../output.js'
import { CLI_ACTOR_NAME, withStoreKeyward } from '../store-keyward.js'
import { ownerOption, STORE_ENVIRONMENT, STORE_EXITS, STORE_OPTIONS, storeSettings } from './key-options.js'
import { type ImportCounts, type OnImported, importKeyRecords, readKeyRecords } from './import-records.js'
import { auditEntry } from '../../core/audit.js'
import type { Keyward } from '../../core/instance.js'
import { encodeRecord } from './transfer-format.js'

/** Records read per listing page. */
const PAGE = 100

async function* everyKey(keys: KeyStore, ownerId: string | undefined): AsyncIterable<StoredKey> {
  let after: StoredKey | undefined
  for (;;) {
    const page = await keys.list({ limit: PAGE, now: Date.now(), ownerId, after })
    yield* page.keys
    if (!page.more || page.keys.length === 0) return
    after = page.keys[page.keys.length - 1]
  }
}

/** M3: the record with what its credits have left now, as the store's limiter keeps it. */
async function withLiveCredits(limiter: RateLimiter, key: StoredKey): Promise<StoredKey> {
  if (key.credits === null || limiter.credits === undefined) return key
  const state = await limiter.credits.spend(balanceIdOf(key), key.credits, 0, Date.now(), false)
  return { ...key, credits: { ...key.credits, remaining: state.remaining } }
}

/** A new file only readable by its owner: it names every key of the store. */
function openOutput(path: string): Promise<WriteStream> {
  return new Promise((resolve, reject) => {
    const stream = createWriteStream(path, { flags: 'wx', mode: 0o600 })
    stream.once('open', () => resolve(stream))
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EEXIST' ? usageError(`--output ${path} exists already: export writes a new file only`) : error,
      ),
    )
  })
}

function write(stream: WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())))
}

export const keysExport: CommandSpec = {
  name: 'keys export',
  summary: 'write the stored records (hashes, never keys) as JSON lines',
  usage: 'keys export [--owner <owner-id>] [--output <file>] [options]',
  description: [
    'Writes every stored record, newest first, one JSON object a line: id, hash, name, type,\nlast 4 characters, owner, meta, times, scopes and limits. The full keys are not in the store\nand so not in the file; keys import reads it into another store, where the keys keep\nworking if the service there uses the same pepper.',
    'Without --output the lines go to stdout; --output writes a new file readable only by you.',
  ],
  positionals: [],
  options: {
    owner: { type: 'string', value: '<owner-id>', description: "only this owner's keys" },
    output: { type: 'string', value: '<file>', description: 'write to this new file (mode 600) instead of stdout' },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: [
    'keyward keys export --output keys.jsonl',
    'keyward keys export --redis-url redis://cache:6379 | keyward keys import --database-url postgres://app@db/app',
  ],
  async run(context) {
    const { values } = context
    const ownerId = ownerOption(values)
    const output = stringOption(values, 'output')
    const settings = storeSettings(context)
    const stream = output === undefined ? undefined : await openOutput(output)
    let complete = false
    try {
      const { count, where } = await withStoreKeyward(settings, async (keyward, store) => {
        const where = store.where
        let count = 0
        for await (const key of everyKey(keyward.stores.keys, ownerId)) {
          const line = `${encodeRecord(await withLiveCredits(keyward.stores.limiter, key))}\n`
          if (stream === undefined) context.stdout.write(line)
          else await write(stream, line)
          count++
        }
        return { count, where }
      })
      complete = true
      if (stream === undefined) return { streamed: true }
      const text = lines(`Exported ${count} key record${count === 1 ? '' : 's'} from ${where} to ${output}.`)
      return { json: { exported: count, file: output }, text }
    } finally {
      stream?.end()
      // A file that stopped partway is no export, and it would block the retry (it is opened as new).
      if (!complete && output !== undefined) await rm(output, { force: true })
    }
  },
}

export const keysImport: CommandSpec = {
  name: 'keys import',
  summary: 'read records written by keys export into this store',
  usage: 'keys import [file] [options]',
  description: [
    'Reads JSON lines as keys export writes them (from the file, or stdin when none is given)\nand stores each record as it is: revoked keys stay revoked, and the keys authenticate\nagainst this store if the service uses the same pepper. Running it again is safe: records\nalready stored are left as they are, except that a revocation or an earlier expiry in the\nfile is applied.',
    'Every line is checked before anything is stored, with the rules keys create applies (name,\nscopes, limits, owner, meta) and those of a stored record (id, hash, type, times). A line\nrefused, or a record whose id or hash belongs to another key, imports nothing: each is\nnamed by its line number with the reason, and the exit status is 2.',
    'With --json, prints { "imported", "alreadyStored", "narrowed", "conflicts" }.',
  ],
  positionals: [{ name: 'file', required: false, description: 'the JSON lines to read (default: stdin)' }],
  options: STORE_OPTIONS,
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: ['keyward keys import keys.jsonl --database-url postgres://app@db.internal/app --schema keyward'],
  async run(context) {
    const file = context.positionals[0]
    const settings = storeSettings(context)
    const input = file === undefined || file === '-' ? process.stdin : createReadStream(file)
    const opened = new Promise<void>((resolve, reject) => {
      if (input === process.stdin) return resolve()
      input.once('open', () => resolve())
      input.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? usageError(`no file ${file}`) : error),
      )
    })
    await opened
    // The whole file is checked before the store is opened: a refused line imports nothing.
    const records = await readKeyRecords(
      createInterface({ input, crlfDelay: Infinity }),
      settings.keyPrefix,
      Date.now(),
    )
    const { counts, where } = await withStoreKeyward(settings, async (keyward, store) => ({
      counts: await importKeyRecords(keyward.stores.keys, records, importedBy(keyward)),
      where: store.where,
    }))
    return importResult(counts, where)
  },
}

function importResult(counts: ImportCounts, where: string) {
  const { imported, present, narrowed, conflicts } = counts
  const summary = `Imported ${imported} key record${imported === 1 ? '' : 's'} into ${where}; ${present} ${present === 1 ? 'was' : 'were'} stored already${narrowed === 0 ? '' : `, ${narrowed} revoked or expired sooner to match the file`}.`
  if (conflicts.length > 0) {
    const first = conflicts[0]!
    throw usageError(
      `${summary} ${conflicts.length} record${conflicts.length === 1 ? '' : 's'} not stored: line ${first.line} (${first.id}): ${first.reason}`,
    )
  }
  return { json: { imported, alreadyStored: present, narrowed, conflicts }, text: lines(summary) }
}

/**
 * N4: each record imported is an `imported` entry by `cli`. The key is stored already, so a
 * failed write fails the command, and running the import again leaves the key as it is.
 */
function importedBy(keyward: Keyward): OnImported {
  return async (record) => {
    const fields = Object.entries(record)
      .filter(([field, value]) => value !== null && !['id', 'hash', 'last4'].includes(field))
      .map(([field]) => field)
    const change = {
      action: 'imported',
      keyId: record.id,
      ownerId: record.ownerId,
      fields,
      at: keyward.clock.now(),
    } as const
    await keyward.stores.audit?.append(auditEntry({ ...change, actor: CLI_ACTOR_NAME }))
  }
}

export const TRANSFER_COMMANDS: readonly CommandSpec[] = [keysExport, keysImport]
