/**
 * The start check of a Redis that holds keys. With neither AOF nor RDB snapshots on, a Redis
 * restart comes back empty and every key it held answers 401 from then on; nothing else says so
 * before it happens. Stores that hold only counters or usage entries do not check: losing those
 * loses no key.
 *
 * 1. Once the eviction check has passed (`eviction-policy.ts`), `INFO persistence` on every master
 *    the client knows: `aof_enabled:1` settles it. Else `CONFIG GET save`: a schedule means
 *    snapshots, an empty one none. Where CONFIG is refused (managed Redis), a snapshot taken since
 *    start (`rdb_saves`, `rdb_last_bgsave_time_sec`) shows that snapshots are on; without one it
 *    cannot be told, and nothing is said.
 * 2. A master with neither: one process warning (code `KEYWARD_REDIS_VOLATILE_KEYS`) per process,
 *    naming the masters on a cluster, with the remedy.
 * 3. The check holds up no call and fails none: a fault while reading ends it without a word.
 *    `ready()` waits for it, so the warning comes before an app says it is serving.
 */
import type { RedisConnection } from './client.js'
import { type RedisNode, fromConfigReply, isDefinitiveRefusal, nodesOf, textOf } from './eviction-policy.js'

/** The `code` of the process warning emitted when a Redis that holds keys persists nothing. */
export const PERSISTENCE_WARNING_CODE = 'KEYWARD_REDIS_VOLATILE_KEYS'

/** The check of one set of stores: `run()` starts it once and resolves when it is over; it never rejects. */
export interface PersistenceCheck {
  run(): Promise<void>
}

/** One warning per process: a process normally keeps its keys on one Redis. */
let warned = false
/** Clients already read: later store sets on them send nothing. */
const checkedClients = new WeakSet<object>()

function infoField(info: string, name: string): string | undefined {
  return new RegExp(`^${name}:(\\S*)`, 'm').exec(info)?.[1]
}

/** Whether a node keeps its data across a restart; null when it cannot be told. */
async function persists(node: RedisNode): Promise<boolean | null> {
  const info = textOf(await node.send(['INFO', 'persistence'])) ?? ''
  if (infoField(info, 'aof_enabled') === '1') return true
  try {
    const save = fromConfigReply(await node.send(['CONFIG', 'GET', 'save']), 'save')
    if (save !== null) return save.trim() !== ''
  } catch (error) {
    // A renamed or refused CONFIG (managed Redis) leaves INFO; a fault ends the check.
    if (!isDefinitiveRefusal(error)) throw error
  }
  const saves = Number(infoField(info, 'rdb_saves') ?? 0)
  const lastSnapshot = Number(infoField(info, 'rdb_last_bgsave_time_sec') ?? -1)
  return saves > 0 || lastSnapshot >= 0 ? true : null
}

function warningText(nodes: readonly (string | null)[]): string {
  const labels = nodes.filter((node): node is string => node !== null)
  const where =
    labels.length === 0 ? 'Redis runs' : `Redis at ${labels.join(', ')} ${labels.length === 1 ? 'runs' : 'run'}`
  return (
    `keyward/redis: ${where} with neither AOF nor RDB snapshots, so a Redis restart loses every API key stored in it ` +
    '(each then answers 401). Turn on AOF (appendonly yes), or keep the keys in Postgres (keyward/postgres) with Redis for limits only; ' +
    'persistenceWarning: false turns this warning off'
  )
}

async function check(client: unknown, connection: RedisConnection): Promise<void> {
  const known = typeof client === 'object' && client !== null
  if (warned || (known && checkedClients.has(client))) return
  const nodes = nodesOf(client, connection)
  const answers = await connection.within(
    Promise.all(nodes.map(async (node) => ({ node: node.label, persists: await persists(node) }))),
    'the persistence check',
  )
  if (known) checkedClients.add(client)
  const volatile = answers.filter((answer) => answer.persists === false)
  if (volatile.length === 0 || warned) return
  warned = true
  globalThis.process?.emitWarning?.(warningText(volatile.map((answer) => answer.node)), {
    code: PERSISTENCE_WARNING_CODE,
  })
}

/** The persistence check of a set of stores on `client` (see the file's comment). */
export function persistenceCheck(client: unknown, connection: RedisConnection): PersistenceCheck {
  let running: Promise<void> | null = null
  return {
    run() {
      running ??= Promise.resolve()
        .then(() => check(client, connection))
        .catch(() => undefined)
      return running
    },
  }
}
