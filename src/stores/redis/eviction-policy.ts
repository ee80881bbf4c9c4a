/**
 * The start check of a set of Redis stores: Redis must not evict what keyward keeps. Rate-limit
 * counters carry TTLs, so every `volatile-*` policy may evict them as well as `allkeys-*`; an
 * evicted counter admits an exhausted key again, and under `allkeys-*` a key record can
 * vanish. Only `noeviction` keeps keyward exact.
 *
 * 1. The first store call (or `ready()`) reads `maxmemory-policy`: `CONFIG GET`, else, where
 *    CONFIG is renamed or refused (managed Redis), the `maxmemory_policy` line of `INFO memory`;
 *    on a cluster, on every master the client knows. One read per store set, bounded by
 *    `timeoutMs`; none once a store set on the same client has found `noeviction` everywhere.
 * 2. `noeviction` everywhere: the calls waiting on the read go ahead, and later calls go straight
 *    to Redis (the check costs the request path nothing after start).
 * 3. Any other policy, or a policy neither command reveals: every call rejects with
 *    `RedisEvictionPolicyError`, so requests get 500 and no handler runs (fail closed), unless
 *    the host passed `allowEviction: true`; then the stores run and a process warning says why
 *    their limits may be inexact.
 * 4. A fault while reading (timeout, connection lost, Redis loading): that call fails as any call
 *    would and the next one reads again.
 */
import type { RedisConnection } from './client.js'

/**
 * The stores refuse to run: Redis may evict keyward's data (or does not say whether it may).
 * `policy` is the policy read (null when it could not be read) and `node` the cluster node it was
 * read on (null on a single node).
 *
 * @example
 * import { RedisEvictionPolicyError, createRedisStores } from 'keyward/redis'
 * try {
 *   await stores.ready()
 * } catch (error) {
 *   if (error instanceof RedisEvictionPolicyError) console.error(error.message) // says what to set
 *   process.exit(1)
 * }
 */
export class RedisEvictionPolicyError extends Error {
  readonly code = 'redis_eviction_policy'
  readonly policy: string | null
  readonly node: string | null
  constructor(message: string, policy: string | null, node: string | null) {
    super(message)
    this.name = 'RedisEvictionPolicyError'
    this.policy = policy
    this.node = node
  }
}

/** What one node said: its policy, or why it could not be read. */
interface Reading {
  node: string | null
  policy: string | null
  problem?: string
}

/** One node: a label for messages (null on a single node) and how to send it a command. */
export interface RedisNode {
  label: string | null
  send(args: string[]): Promise<unknown>
}

const CONFIG_GET_POLICY = ['CONFIG', 'GET', 'maxmemory-policy'] as const
const INFO_MEMORY = ['INFO', 'memory'] as const
const SAFE_POLICY = 'noeviction'
/** The `code` of the process warning emitted when `allowEviction: true` lets the stores run anyway. */
export const EVICTION_WARNING_CODE = 'KEYWARD_REDIS_EVICTION'

function isObject(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null
}

export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  return null
}

function messageOf(error: unknown): string {
  return (isObject(error) && typeof error.message === 'string' ? error.message : String(error)).trim()
}

/** The value of `name` in a `CONFIG GET` reply: a flat name/value array (RESP2), or a map (RESP3). */
export function fromConfigReply(reply: unknown, name: string): string | null {
  if (Array.isArray(reply)) {
    for (let i = 0; i + 1 < reply.length; i += 2) if (textOf(reply[i]) === name) return textOf(reply[i + 1])
    return null
  }
  if (reply instanceof Map) return textOf(reply.get(name))
  if (isObject(reply)) return textOf(reply[name])
  return null
}

function fromInfoReply(reply: unknown): string | null {
  const info = textOf(reply)
  return info === null ? null : (/^maxmemory_policy:(\S+)/m.exec(info)?.[1] ?? null)
}

/**
 * A Redis error reply meaning "this server will not tell" (a renamed or unknown command, an ACL
 * refusal), as opposed to a fault to retry (timeout, connection lost, LOADING, BUSY, NOAUTH).
 */
export function isDefinitiveRefusal(error: unknown): boolean {
  return /^(ERR|NOPERM)\b/.test(messageOf(error))
}

async function readNode(node: RedisNode): Promise<Reading> {
  let configProblem: string
  try {
    const policy = fromConfigReply(await node.send([...CONFIG_GET_POLICY]), 'maxmemory-policy')
    if (policy !== null) return { node: node.label, policy }
    configProblem = 'the reply holds no maxmemory-policy'
  } catch (error) {
    // Renamed or refused CONFIG (managed Redis), or a fault that INFO will meet as well.
    configProblem = messageOf(error)
  }
  let infoProblem: string
  try {
    const policy = fromInfoReply(await node.send([...INFO_MEMORY]))
    if (policy !== null) return { node: node.label, policy }
    infoProblem = 'no maxmemory_policy line'
  } catch (error) {
    if (!isDefinitiveRefusal(error)) throw error
    infoProblem = messageOf(error)
  }
  return { node: node.label, policy: null, problem: `CONFIG GET: ${configProblem}; INFO memory: ${infoProblem}` }
}

/** `host:port` of a cluster node, as the client describes it. */
function labelOf(node: Record<string, unknown>): string {
  const options = isObject(node.options) ? node.options : node
  if (typeof options.host === 'string' && options.port !== undefined) return `${options.host}:${String(options.port)}`
  return typeof node.address === 'string' ? node.address : 'a cluster node'
}

/**
 * The nodes to read: the single node, or every master a cluster client knows (ioredis
 * `nodes('master')`, node-redis `masters` + `nodeClient()`). A cluster client of another shape is
 * read through the client itself, which reaches one node.
 */
export function nodesOf(client: unknown, connection: RedisConnection): RedisNode[] {
  const direct: RedisNode = { label: null, send: (args) => connection.command(args, '') }
  if (!connection.cluster || !isObject(client)) return [direct]
  const bounded = (label: string, reply: () => Promise<unknown>, args: string[]): Promise<unknown> =>
    connection.within(Promise.resolve().then(reply), `${args.join(' ')} on ${label}`)
  let nodes: RedisNode[] | null = null
  if (typeof client.nodes === 'function') {
    const masters = (client.nodes as (role: string) => unknown)('master')
    if (Array.isArray(masters)) {
      nodes = masters.filter(isObject).map((node) => {
        const label = labelOf(node)
        const io = node as unknown as { call(...args: string[]): Promise<unknown> }
        return { label, send: (args) => bounded(label, () => io.call(...args), args) }
      })
    }
  } else if (typeof client.nodeClient === 'function' && Array.isArray(client.masters)) {
    const nodeClient = client.nodeClient as (master: unknown) => unknown
    nodes = (client.masters as unknown[]).filter(isObject).map((master) => {
      const label = labelOf(master)
      const send = async (args: string[]) => {
        const node = (await nodeClient.call(client, master)) as { sendCommand(args: string[]): Promise<unknown> }
        return node.sendCommand(args)
      }
      return { label, send: (args) => bounded(label, () => send(args), args) }
    })
  }
  if (nodes === null) return [{ ...direct, label: 'one cluster node' }]
  if (nodes.length === 0) {
    throw new Error(
      'keyward/redis: the Redis Cluster client knows no master node yet, so maxmemory-policy cannot be checked; the next call tries again',
    )
  }
  return nodes
}

/** Clients whose every node answered `noeviction`: later store sets on such a client need no read. */
const safeClients = new WeakMap<object, true>()

/** What is wrong with a node's reading, as the first clause of the error and of the warning. */
function problemOf(reading: Reading): string {
  const on = reading.node === null ? '' : ` on ${reading.node}`
  if (reading.policy === null) return `cannot read the Redis maxmemory-policy${on} (${reading.problem})`
  // Only the counters carry TTLs; under a volatile policy the records themselves stay.
  const evicts = reading.policy.startsWith('volatile-') ? 'rate-limit counters' : 'rate-limit counters and keys'
  return `Redis maxmemory-policy is ${JSON.stringify(reading.policy)}${on}, which can evict ${evicts}`
}

function refusal(reading: Reading): RedisEvictionPolicyError {
  const remedy =
    reading.policy === null
      ? 'keyward runs only on maxmemory-policy noeviction: make sure Redis runs with it and pass allowEviction: true to skip this check'
      : 'set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, or in redis.conf), or pass allowEviction: true to accept inexact limits'
  return new RedisEvictionPolicyError(`keyward/redis: ${problemOf(reading)}; ${remedy}`, reading.policy, reading.node)
}

/** The first node whose policy is not `noeviction` (or could not be read), or null. */
async function unsafeReading(client: unknown, connection: RedisConnection): Promise<Reading | null> {
  if (isObject(client) && safeClients.has(client)) return null
  const readings = await connection.within(
    (async () => Promise.all(nodesOf(client, connection).map(readNode)))(),
    'the maxmemory-policy check',
  )
  const unsafe = readings.find((reading) => reading.policy !== SAFE_POLICY)
  if (unsafe === undefined && isObject(client)) safeClients.set(client, true)
  return unsafe ?? null
}

/** The guarded connection of one store set, and the check it waits for. */
export interface EvictionGuard {
  /** Calls wait for the check before the first of them, and reject if it refused. */
  readonly connection: RedisConnection
  /** Resolves once the stores may run; rejects with the refusal, or with the fault that kept the policy from being read. */
  ready(): Promise<void>
}

/**
 * Puts the eviction check in front of every call of `connection` (see the file's comment).
 * Once the check has passed, the guarded connection's methods are the plain ones, and `passed`
 * (the stores' other start checks) is told, without the calls waiting for it.
 */
export function guardEviction(
  connection: RedisConnection,
  client: unknown,
  allowEviction: boolean,
  passed: () => void = () => undefined,
): EvictionGuard {
  let check: Promise<void> | null = null
  const guarded: RedisConnection = {
    cluster: connection.cluster,
    kind: connection.kind,
    timeoutMs: connection.timeoutMs,
    within: connection.within,
    command(args, key) {
      if (allowEviction) return openInBackground().command(args, key)
      return connection.within(
        ready().then(() => connection.command(args, key)),
        args[0]!,
      )
    },
    script(script, keys, args) {
      if (allowEviction) return openInBackground().script(script, keys, args)
      return connection.within(
        ready().then(() => connection.script(script, keys, args)),
        `the ${script.name} script`,
      )
    },
  }

  /** From now on the guarded connection calls Redis directly. */
  function open(): RedisConnection {
    guarded.command = connection.command
    guarded.script = connection.script
    return connection
  }

  /** allowEviction: run at once; the check only warns, off the calls' path. */
  function openInBackground(): RedisConnection {
    ready().catch(() => undefined)
    return open()
  }

  function ready(): Promise<void> {
    if (check === null) {
      const attempt = unsafeReading(client, connection).then((unsafe) => {
        if (unsafe !== null && !allowEviction) throw refusal(unsafe)
        if (unsafe !== null) {
          const warning = `keyward/redis: ${problemOf(unsafe)}; running anyway (allowEviction: true), so limits may be inexact`
          globalThis.process?.emitWarning?.(warning, { code: EVICTION_WARNING_CODE })
        }
        open()
        passed()
      })
      check = attempt
      // A fault while reading is not a verdict: the next call reads again.
      attempt.catch((error: unknown) => {
        if (!(error instanceof RedisEvictionPolicyError) && check === attempt) check = null
      })
    }
    return check
  }

  return { connection: guarded, ready }
}
