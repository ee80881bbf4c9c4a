/**
 * `keyward keys list`: every matching key, newest first, masked (K4), printed a page at a time as
 * the key manager reads it (O4), so a store of a million keys is never held in memory at once.
 * With `--owner` only that owner's records are read.
 */
import type { ListKeysOptions } from '../../core/key-manager.js'
import type { ApiKeyRecord, KeyStatus, KeyType } from '../../core/types.js'
import { type OptionValues, positiveInteger, stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { usageError } from '../exit-status.js'
import { type CliIO, recordTableWriter } from '../output.js'
import type { StoreView } from '../store.js'
import { withStoreKeyward } from '../store-keyward.js'
import { keysElsewhere } from '../stored-prefixes.js'
import { ownerOption, STORE_ENVIRONMENT, STORE_EXITS, STORE_OPTIONS, storeSettings } from './key-options.js'

type ListFilter = Omit<ListKeysOptions, 'cursor' | 'limit'>

/** Records are written out in batches of this many (one listing page). */
const BATCH = 100

const STATUSES: readonly KeyStatus[] = ['active', 'revoked', 'expired']
const KEY_TYPES: readonly KeyType[] = ['live', 'test']

function choice<T extends string>(values: OptionValues, option: string, allowed: readonly T[]): T | undefined {
  const text = stringOption(values, option)
  if (text === undefined) return undefined
  if (!(allowed as readonly string[]).includes(text)) {
    throw usageError(
      `option --${option} must be ${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]} (got ${JSON.stringify(text.slice(0, 40))})`,
    )
  }
  return text as T
}

/** The filters from the command line, checked before the store is contacted. */
function listFilter(values: OptionValues): ListFilter {
  const filter: ListFilter = {}
  const ownerId = ownerOption(values)
  const status = choice(values, 'status', STATUSES)
  const keyType = choice(values, 'type', KEY_TYPES)
  if (ownerId !== undefined) filter.ownerId = ownerId
  if (status !== undefined) filter.status = status
  if (keyType !== undefined) filter.keyType = keyType
  return filter
}

/** ` of owner acme that are active test keys`, or '' without filters. */
function describeFilter({ ownerId, status, keyType }: ListFilter): string {
  const kind = [status, keyType === undefined ? undefined : `${keyType} keys`]
    .filter((part) => part !== undefined)
    .join(' ')
  return `${ownerId === undefined ? '' : ` of owner ${ownerId}`}${kind === '' ? '' : ` that are ${kind}`}`
}

async function noneText(store: StoreView, filter: ListFilter): Promise<string> {
  const none = `No keys${describeFilter(filter)} ${store.scope} in ${store.redis}`
  const elsewhere = await keysElsewhere(store)
  return elsewhere === null ? `${none}.` : `${none}, but ${elsewhere}.`
}

/** Writes records as they come, in the form asked for; `end` closes the output. */
interface RecordPrinter {
  record(record: ApiKeyRecord): void
  end(count: number, limitReached: boolean, none: string): void
}

/** Exactly what printing `{ keys }` as indented JSON at once would print. */
function jsonPrinter(out: CliIO['stdout']): RecordPrinter {
  let pending: string[] = []
  let count = 0
  const flush = () => {
    if (pending.length > 0) out.write(pending.join(''))
    pending = []
  }
  return {
    record(record) {
      const indented = JSON.stringify(record, null, 2).replace(/^/gm, '    ')
      pending.push(`${count === 0 ? '{\n  "keys": [\n' : ',\n'}${indented}`)
      if (++count % BATCH === 0) flush()
    },
    end(total) {
      pending.push(total === 0 ? '{\n  "keys": []\n}\n' : '\n  ]\n}\n')
      flush()
    },
  }
}

function tablePrinter(out: CliIO['stdout'], keyPrefix: string): RecordPrinter {
  const table = recordTableWriter(keyPrefix)
  let pending: string[] = []
  let count = 0
  const flush = () => {
    if (pending.length > 0) out.write(`${pending.join('\n')}\n`)
    pending = []
  }
  return {
    record(record) {
      if (count === 0) pending.push(table.header)
      pending.push(table.row(record))
      if (++count % BATCH === 0) flush()
    },
    end(total, limitReached, none) {
      if (total === 0) pending.push(none)
      else
        pending.push(
          '',
          `${total} key${total === 1 ? '' : 's'}${limitReached ? ` (--limit ${total}; more may match)` : ''}.`,
        )
      flush()
    },
  }
}

export const keysList: CommandSpec = {
  name: 'keys list',
  summary: "list keys, newest first (masked): all, or one owner's",
  usage: 'keys list [--owner <owner-id>] [--status <status>] [--type <type>] [--limit <n>] [options]',
  description: [
    "Lists the keys in the store, newest first, printing them as they are read. Keys are shown\nmasked, never in full. With --owner, only that customer's keys are read, however many keys\nthe store holds. On Redis, when the prefix holds no keys, says which prefixes of that Redis\ndo.",
    'With --json, prints { "keys": [records] }; each record has the key\'s ownerId and meta. If\nthe store fails partway, the output stops there and the exit status says so.',
  ],
  positionals: [],
  options: {
    owner: {
      type: 'string',
      value: '<owner-id>',
      description: "only the keys of this owner (your app's id for the customer)",
    },
    status: { type: 'string', value: '<status>', description: 'only keys that are active, revoked or expired' },
    type: { type: 'string', value: '<type>', description: 'only live or only test (sandbox) keys' },
    limit: { type: 'string', value: '<n>', description: 'at most this many keys (default: every matching key)' },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: [
    'keyward keys list',
    'keyward keys list --owner acct_42 --status active',
    'keyward keys list --type live --json | jq -r \'.keys[] | select(.meta.plan == "pro") | .id\'',
  ],
  async run(context) {
    const { values } = context
    const filter = listFilter(values)
    const limitText = stringOption(values, 'limit')
    const limit = limitText === undefined ? Infinity : positiveInteger(limitText, 'limit')
    const settings = storeSettings(context)
    await withStoreKeyward(settings, async (keyward, store) => {
      const printer =
        values.json === true ? jsonPrinter(context.stdout) : tablePrinter(context.stdout, settings.keyPrefix)
      let count = 0
      for await (const record of keyward.keys.listAll(filter)) {
        printer.record(record)
        if (++count >= limit) break
      }
      printer.end(count, count >= limit, count === 0 ? await noneText(store, filter) : '')
    })
    return { streamed: true }
  },
}
