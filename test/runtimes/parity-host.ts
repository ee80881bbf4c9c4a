/**
 * The parity host: the reference app on keyward/fetch in another runtime, driven by
 * test/runtimes/parity-runtime.ts. The test drives it through a control endpoint (every call
 * carrying the token the test passed in `CONTROL_TOKEN`): it starts apps, each on a port of its own
 * with its own keyward on the memory store or on Redis (`REDIS_URL`), its clock and store switch
 * read from a file the test writes (shared-world.ts), and creates, revokes and updates keys in an
 * app's stores. How a runtime serves a handler is its `HostPlatform`: Bun.serve and Deno.serve
 * (parity-host-serve.ts), or a Next.js route (parity-host-next.ts).
 */
import { timingSafeEqual } from 'node:crypto'
import { createFetchApp } from '../../server/app-fetch.js'
import { referenceDashboardGuard } from '../../server/dashboard-guard.js'
import { createKeyward, type Keyward, type KeywardOptions } from '../../src/keyward.js'
import type { KeywardStores } from '../../src/core/types.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import type { RedisClientLike } from '../../src/stores/redis/client.js'
import { switchableAuthorize } from '../adapters/support/switchable-stores.js'
import { readWorld } from './shared-world.js'

/** What the test asks for in `POST /apps`. */
export interface AppRequest {
  store: 'memory' | 'redis'
  /** The Redis key prefix of this app's stores. */
  prefix?: string
  /** The file of the app's clock and store mode. */
  world: string
  dashboardToken: string
  keyward: Omit<KeywardOptions, 'stores' | 'clock'>
  trustProxy: boolean | number
  /** Memory decisions arrive as Promises (as on Redis). */
  asyncStore: boolean
}

/** The key manager calls the test may make. */
export const KEY_CALLS = ['create', 'revoke', 'update'] as const

/** A fetch handler, with whatever the server passes beside the request. */
export type Handler = (request: Request, ...rest: any[]) => Response | Promise<Response>

/** A handler served on a port of 127.0.0.1. */
export interface Served {
  port: number
  close(): Promise<void>
}

/** How a runtime serves the apps, and how it tells a handler the client address. */
export interface HostPlatform {
  serve(handler: Handler): Served | Promise<Served>
  clientAddress(request: Request, ...rest: any[]): string | null | undefined
}

let redis: Promise<RedisClientLike> | undefined
/** One Redis client for the process, as the README recommends it, connected on first use. */
function redisClient(): Promise<RedisClientLike> {
  redis ??= import('ioredis').then(({ Redis }) => {
    const client = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false, connectTimeout: 1000 })
    return new Promise((resolve, reject) => client.once('ready', () => resolve(client)).once('error', reject))
  })
  return redis
}

async function storesOf(request: AppRequest): Promise<KeywardStores> {
  if (request.store === 'memory') return createMemoryStores()
  // The limits read the test's clock, as the memory store's do.
  const stores = createRedisStores({ client: await redisClient(), prefix: request.prefix, time: 'caller' })
  await stores.ready()
  return stores
}

interface App {
  keyward: Keyward
  served: Served
}
const apps = new Map<string, App>()
let started = 0

async function startApp(platform: HostPlatform, request: AppRequest): Promise<{ id: string; port: number }> {
  const world = readWorld(request.world)
  const async = request.store === 'redis' || request.asyncStore
  const keyward = createKeyward({
    ...request.keyward,
    stores: switchableAuthorize(await storesOf(request), world.mode, async),
    clock: world.clock,
    // The responses are what the test compares; what became a 500 is in them.
    onError: () => undefined,
  })
  const app = createFetchApp(
    {
      keyward,
      dashboard: { authorize: referenceDashboardGuard(request.dashboardToken) },
      trustProxy: request.trustProxy,
      onError: () => undefined,
    },
    platform.clientAddress,
  )
  const served = await platform.serve(app)
  const id = String(++started)
  apps.set(id, { keyward, served })
  return { id, port: served.port }
}

async function callKeys(app: App, body: { method: string; args: unknown[] }): Promise<unknown> {
  if (!(KEY_CALLS as readonly string[]).includes(body.method)) throw new Error(`not a key call: ${body.method}`)
  const call = app.keyward.keys[body.method as (typeof KEY_CALLS)[number]] as (...args: unknown[]) => unknown
  return (await call.apply(app.keyward.keys, body.args)) ?? null
}

async function stopApp(app: App): Promise<void> {
  await app.served.close()
  await app.keyward.close()
}

const token = new TextEncoder().encode(`Bearer ${process.env.CONTROL_TOKEN}`)
const authorized = (request: Request) => {
  const given = new TextEncoder().encode(request.headers.get('authorization') ?? '')
  return given.length === token.length && timingSafeEqual(given, token)
}
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })

/** The control endpoint on `platform`: `POST /apps`, `POST /apps/<id>/keys`, `DELETE /apps/<id>`. */
export function parityControl(platform: HostPlatform): Handler {
  return async function control(request: Request): Promise<Response> {
    if (process.env.CONTROL_TOKEN === undefined || !authorized(request)) return json({ error: 'unauthorized' }, 401)
    const [, first, id, rest] = new URL(request.url).pathname.split('/')
    try {
      if (first !== 'apps') return json({ error: 'not found' }, 404)
      if (id === undefined && request.method === 'POST') return json(await startApp(platform, await request.json()))
      const app = apps.get(id ?? '')
      if (app === undefined) return json({ error: `no app ${id}` }, 404)
      if (rest === 'keys' && request.method === 'POST')
        return json({ result: await callKeys(app, await request.json()) })
      if (rest === undefined && request.method === 'DELETE') {
        apps.delete(id!)
        await stopApp(app)
        return json({ stopped: id })
      }
      return json({ error: 'not found' }, 404)
    } catch (error) {
      return json({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, 500)
    }
  }
}
