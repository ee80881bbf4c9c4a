/**
 * The Redis client as keyward sees it: the few methods it calls on an ioredis client or cluster,
 * or on a node-redis (`redis`) v4/v5 client or cluster, wrapped in one tiny internal interface.
 * No vendor type appears here and neither library is imported at run time.
 */
import { StoreTimeoutError } from '../errors.js'
import type { LuaScript } from './scripts.js'

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

/** Settles with `promise`, or rejects with StoreTimeoutError after `ms` (R5: requests never hang). */
function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new StoreTimeoutError(ms)
      error.message = `keyward/redis: Redis did not answer ${what} within ${ms} ms`
      reject(error)
    }, ms)
    timer.unref?.()
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * Wraps a user's client. Every command and script call races a `timeoutMs` timer: a Redis that
 * is frozen or unreachable becomes a rejected promise, which the core turns into a 500 (R5).
 */
export function connect(client: unknown, timeoutMs: number): RedisConnection {
  const { send, cluster, kind } = senderFor(client)
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
    command(args, key) {
      return withDeadline(sendSafely(args, key), timeoutMs, args[0]!)
    },
    script(script, keys, args) {
      const tail = [String(keys.length), ...keys, ...args]
      const run = sendSafely(['EVALSHA', script.sha, ...tail], keys[0]!).catch((error: unknown) => {
        // Redis restarted or flushed its script cache: EVAL runs the script and caches it again.
        if (isNoScript(error)) return sendSafely(['EVAL', script.source, ...tail], keys[0]!)
        throw error
      })
      return withDeadline(run, timeoutMs, `the ${script.name} script`)
    },
  }
}
