/**
 * `ready()` waits for the user's client to connect. A client made as the docs advise
 * (`enableOfflineQueue: false` / `disableOfflineQueue: true`) rejects every command until it has
 * connected, so `await stores.ready()` right after `new Redis(url, …)` must wait for the
 * connection first, within the stores' bound, instead of failing on the first check it sends.
 */
import { StoreTimeoutError } from '../../core/errors.js'

/** The event methods ioredis and node-redis clients share (both are EventEmitters). */
interface Events {
  on(event: string, listener: (...args: unknown[]) => void): unknown
  off?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

/** ioredis `Redis` and `Cluster`: `status` is `ready` once commands can be sent. */
interface IoRedisStatus extends Events {
  status: string
  connect(): Promise<void>
}

/** node-redis `createClient()`: `isReady` once connected; `isOpen` once `connect()` was called. */
interface NodeRedisStatus extends Events {
  isOpen: boolean
  isReady?: boolean
}

function hasEvents(client: unknown): client is Events {
  return typeof client === 'object' && client !== null && typeof (client as Events).on === 'function'
}

/** What a client's error says, with any `user:password@` of a URL in it hidden. */
function causeOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/\/\/[^/@\s]*@/g, '//***@').trim()
}

/**
 * Resolves once `client` can take commands: at once when it already can, else on its `ready`
 * event. Rejects with `StoreTimeoutError` after `ms`, naming the client's last error (never a
 * password), and at once for a client that will never connect (closed, or never opened).
 */
export function untilConnected(client: unknown, ms: number): Promise<void> {
  if (!hasEvents(client)) return Promise.resolve()
  const io = client as Partial<IoRedisStatus>
  const node = client as Partial<NodeRedisStatus>
  if (typeof io.status === 'string') {
    if (io.status === 'ready') return Promise.resolve()
    if (io.status === 'end')
      return Promise.reject(
        new Error('keyward/redis: the Redis client was closed (quit or disconnect): create a new one'),
      )
    // lazyConnect: the client waits to be told; ready() is the moment the app wants it connected.
    if (io.status === 'wait') io.connect?.().catch(() => {})
  } else if (typeof node.isOpen === 'boolean') {
    if (!node.isOpen)
      return Promise.reject(
        new Error(
          'keyward/redis: the node-redis client is not connected: await client.connect() before stores.ready()',
        ),
      )
    // A node-redis cluster has no isReady: its connect() resolves once it can take commands.
    if (node.isReady !== false) return Promise.resolve()
  } else {
    return Promise.resolve()
  }
  return waitForReady(client, ms)
}

function waitForReady(client: Events, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let lastError: unknown
    const onError = (error: unknown): void => {
      lastError = error
    }
    const finish = (): void => {
      clearTimeout(timer)
      const off = (client.off ?? client.removeListener)?.bind(client)
      off?.('ready', onReady)
      off?.('error', onError)
    }
    const onReady = (): void => {
      finish()
      resolve()
    }
    const timer = setTimeout(() => {
      finish()
      const error = new StoreTimeoutError(ms)
      const cause = lastError === undefined ? 'no answer' : causeOf(lastError)
      error.message = `keyward/redis: the Redis client did not connect within ${ms} ms (${cause})`
      reject(error)
    }, ms)
    client.on('ready', onReady)
    client.on('error', onError)
  })
}
