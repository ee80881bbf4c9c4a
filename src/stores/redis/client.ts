/**
 * The Redis client as keyward sees it: the few methods it calls on an ioredis client or cluster,
 * or on a node-redis (`redis`) v4/v5 client or cluster, wrapped in one tiny internal interface.
 * No vendor type appears here and neither library is imported at run time.
 */
import { StoreTimeoutError } from '../../core/errors.js'
import type { LuaScript } from './scripts/lua-script.js'

/** The part of an ioredis `Redis` or `Cluster` that keyward calls. */
export interface IoRedisLike {
  call(command: string, ...args: string[]): Promise<unknown>
  /** `true` on an ioredis `Cluster`, `false` on a single `Redis` connection. */
  isCluster: boolean
}

/** The part of a node-redis (`redis` v4/v5) client from `createClient()` that keyward calls. */
export interface NodeRedisClientLike {
  sendCommand(args: string[]): Promise<unknown>
}

/** The part of a node-redis (`redis` v4/v5) cluster from `createCluster()` that keyward calls. */
export interface NodeRedisClusterLike {
  sendCommand(firstKey: string | undefined, isReadonly: boolean | undefined, args: string[]): Promise<unknown>
  getSlotMaster(slot: number): unknown
}

/** Any client the Redis stores accept: ioredis or node-redis, single node or cluster. */
export type RedisClientLike = IoRedisLike | NodeRedisClientLike | NodeRedisClusterLike

/** The internal interface every store is written against: raw commands and scripts, bounded in time. */
export interface RedisConnection {
  /** True on Redis Cluster: no script or command may then span two hash slots. */
  readonly cluster: boolean
  /** Which client library is behind it, for messages. */
  readonly kind: 'ioredis' | 'node-redis'
  /** One command; `key` is its first key (routes it on a cluster). Rejects after the timeout. */
  command(args: string[], key: string): Promise<unknown>
  /** EVALSHA of the pinned SHA, falling back to EVAL on NOSCRIPT; one deadline for both. */
  script(script: LuaScript, keys: readonly string[], args: readonly string[]): Promise<unknown>
  /** How long one call may take (the `timeoutMs` option). */
  readonly timeoutMs: number
  /**
   * Settles with `promise`, or rejects with StoreTimeoutError `timeoutMs` after this call: one
   * deadline for an operation of several calls, so the whole operation is bounded as one (R5).
   */
  within<T>(promise: Promise<T>, what: string): Promise<T>
}

type Send = (args: string[], key: string) => Promise<unknown>

function isObject(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null
}

/** Recognises the client by shape; throws a TypeError naming `client` for anything else. */
function senderFor(client: unknown): { send: Send; cluster: boolean; kind: 'ioredis' | 'node-redis' } {
  if (!isObject(client)) {
    throw new TypeError('keyward/redis: option "client" is required: an ioredis or node-redis client or cluster')
  }
  // ioredis: `call(name, ...args)` on both Redis and Cluster; Cluster routes by the command's keys.
  if (typeof client.call === 'function' && typeof client.isCluster === 'boolean') {
    const io = client as unknown as IoRedisLike
    return {
      send: (args) => io.call(args[0]!, ...args.slice(1)),
      cluster: io.isCluster,
      kind: 'ioredis',
    }
  }
  if (typeof client.sendCommand === 'function') {
    // node-redis cluster: sendCommand(firstKey, isReadonly, args) routes by the first key.
    if (typeof client.getSlotMaster === 'function') {
      const cluster = client as unknown as NodeRedisClusterLike
      return { send: (args, key) => cluster.sendCommand(key, false, args), cluster: true, kind: 'node-redis' }
    }
    const single = client as unknown as NodeRedisClientLike
    return { send: (args) => single.sendCommand(args), cluster: false, kind: 'node-redis' }
  }
  throw new TypeError(
    'keyward/redis: option "client" must be an ioredis Redis or Cluster, or a node-redis client or cluster (createClient / createCluster)',
  )
}

function isNoScript(error: unknown): boolean {
  return isObject(error) && typeof error.message === 'string' && error.message.startsWith('NOSCRIPT')
}

/** A call waiting for its reply, in the deadline queue of its connection. */
interface Waiting {
  /** Epoch ms (performance clock) after which the call rejects. */
  deadline: number
  /** Null once the call has settled. */
  reject: ((error: unknown) => void) | null
  what: string
}

/** The deadlines of one connection's calls: `start` one when a call is sent, `settle` it once. */
interface Deadlines {
  start(what: string, reject: (error: unknown) => void): Waiting
  /** True when the call had not settled yet (it now has); false when it already had (timed out). */
  settle(waiting: Waiting): boolean
}

/**
 * Bounds every call of one connection by `ms` (R5: requests never hang) with one timer for all
 * of them instead of one per call. Every call gets the same bound, so deadlines come in the order
 * calls start: a FIFO queue, whose head is the next to expire. The timer is armed for the head's
 * deadline; when it fires, every call past its deadline rejects with StoreTimeoutError and the
 * timer is armed again for the new head. Replies mostly arrive in the order calls were sent, so a
 * settling call is usually the head and leaves the queue at once.
 */
function deadlines(ms: number, late: (what: string) => string): Deadlines {
  const queue: (Waiting | undefined)[] = []
  let head = 0
  let timer: ReturnType<typeof setTimeout> | null = null

  /** Drops settled calls from the head of the queue. */
  function shift(): void {
    while (head < queue.length && queue[head]!.reject === null) queue[head++] = undefined
    if (head === queue.length) {
      queue.length = 0
      head = 0
    } else if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head)
      head = 0
    }
  }

  function expire(): void {
    timer = null
    const now = performance.now()
    while (head < queue.length) {
      const waiting = queue[head]!
      if (waiting.reject !== null) {
        if (waiting.deadline > now) break
        const error = new StoreTimeoutError(ms)
        error.message = late(waiting.what)
        const reject = waiting.reject
        waiting.reject = null
        reject(error)
      }
      queue[head++] = undefined
    }
    shift()
    if (head < queue.length) arm(queue[head]!.deadline - now)
  }

  function arm(delay: number): void {
    timer = setTimeout(expire, Math.max(0, Math.ceil(delay)))
    timer.unref?.()
  }

  return {
    start(what, reject) {
      const waiting: Waiting = { deadline: performance.now() + ms, reject, what }
      queue.push(waiting)
      if (timer === null) arm(ms)
      return waiting
    },
    settle(waiting) {
      if (waiting.reject === null) return false
      waiting.reject = null
      if (queue[head] === waiting) shift()
      return true
    },
  }
}

/** Settles with `promise`, or rejects once its deadline in `pending` passes. */
function withinDeadlines(pending: Deadlines): RedisConnection['within'] {
  return (promise, what) =>
    new Promise((resolve, reject) => {
      const waiting = pending.start(what, reject)
      promise.then(
        (value) => {
          if (pending.settle(waiting)) resolve(value)
        },
        (error: unknown) => {
          if (pending.settle(waiting)) reject(error)
        },
      )
    })
}

/**
 * Operations bounded as wholes by `ms` on one timer for all of them (see `deadlines`), for stores
 * whose operations span Redis and another store; `late` words the StoreTimeoutError.
 */
export function operationsWithin(ms: number, late: (what: string) => string): RedisConnection['within'] {
  return withinDeadlines(deadlines(ms, late))
}

/**
 * The same methods, each operation bounded as a whole by `within` (an operation may make several
 * calls, each bounded on its own); synchronous methods are left as they are.
 */
export function boundedMethods<T extends object>(store: T, within: RedisConnection['within'], name: string): T {
  const bounded: Record<string, unknown> = {}
  for (const [method, value] of Object.entries(store)) {
    if (typeof value !== 'function') {
      bounded[method] = value
      continue
    }
    bounded[method] = (...args: unknown[]): unknown => {
      const result: unknown = (value as (...a: unknown[]) => unknown).apply(store, args)
      return result instanceof Promise ? within(result, `${name}.${method}`) : result
    }
  }
  return bounded as T
}

/**
 * Wraps a user's client. Every command and script call is bounded by `timeoutMs`: a Redis that
 * is frozen or unreachable becomes a rejected promise, which the core turns into a 500 (R5).
 */
export function connect(client: unknown, timeoutMs: number): RedisConnection {
  const { send, cluster, kind } = senderFor(client)
  const pending = deadlines(timeoutMs, (what) => `keyward/redis: Redis did not answer ${what} within ${timeoutMs} ms`)
  // Sends synchronously-thrown errors (a closed client) down the same path as rejections.
  const sendSafely = (args: string[], key: string): Promise<unknown> => {
    try {
      return Promise.resolve(send(args, key))
    } catch (error) {
      return Promise.reject(error)
    }
  }
  return {
    cluster,
    kind,
    timeoutMs,
    within: withinDeadlines(pending),
    command(args, key) {
      return new Promise((resolve, reject) => {
        const waiting = pending.start(args[0]!, reject)
        sendSafely(args, key).then(
          (value) => {
            if (pending.settle(waiting)) resolve(value)
          },
          (error: unknown) => {
            if (pending.settle(waiting)) reject(error)
          },
        )
      })
    },
    script(script, keys, args) {
      const command = ['EVALSHA', script.sha, String(keys.length)]
      for (let i = 0; i < keys.length; i++) command.push(keys[i]!)
      for (let i = 0; i < args.length; i++) command.push(args[i]!)
      const key = keys[0]!
      return new Promise((resolve, reject) => {
        // One deadline for EVALSHA and, when Redis answers NOSCRIPT, the EVAL after it.
        const waiting = pending.start(`the ${script.name} script`, reject)
        const settle = (value: unknown): void => {
          if (pending.settle(waiting)) resolve(value)
        }
        const fail = (error: unknown): void => {
          if (pending.settle(waiting)) reject(error)
        }
        sendSafely(command, key).then(settle, (error: unknown) => {
          // Redis restarted or flushed its script cache: EVAL runs the script and caches it again.
          if (!isNoScript(error) || waiting.reject === null) return fail(error)
          const evaluate = command.slice()
          evaluate[0] = 'EVAL'
          evaluate[1] = script.source
          sendSafely(evaluate, key).then(settle, fail)
        })
      })
    },
  }
}
