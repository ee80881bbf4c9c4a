/**
 * keyward/fastify, keyward/express, keyward/hono (on node-server), keyward/koa and keyward/nestjs
 * (on Express and Fastify) when the client closes its connection while the store is still deciding
 * (an asynchronous store, as Redis is): nothing is sent and the route handler does not run, the
 * unit the decision took stays taken, and the request is recorded with status 499 (L4a: a usage
 * entry for exactly the requests that consume). A real server and a real socket: the client goes
 * away as a browser or a load balancer does, by closing the connection.
 */
import { once } from 'node:events'
import type { Server } from 'node:http'
import { type AddressInfo, connect, type Socket } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import express from 'express'
import { Hono } from 'hono'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import { keywardKoa } from '../../adapters/koa.js'
import Router from '@koa/router'
import Koa from 'koa'
import { createManualClock } from '../../src/core/clock.js'
import { CLIENT_CLOSED_REQUEST } from '../../src/http/kit.js'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { KeyStore, StoredKey } from '../../src/core/types.js'

/** Memory stores whose key lookups wait until the test lets them go: the decision is asynchronous. */
async function gatedKeyward() {
  const stores = createMemoryStores()
  const keys: KeyStore = stores.keys
  const findByHash = keys.findByHash.bind(keys)
  const waiting: (() => void)[] = []
  keys.findByHash = (hash) =>
    new Promise<StoredKey | undefined>((resolve) => waiting.push(() => resolve(findByHash(hash))))
  const keyward = createKeyward({ stores, clock: createManualClock(), failedAuthLimit: 0 })
  const { key, record } = await keyward.keys.create({ name: 'gone' })
  return { keyward, key, keyId: record.id, waiting }
}

/** An app with GET /api/v1/echo, whose handler records that it ran, listening on a free port. */
const APPS: { name: string; listen: (keyward: Keyward, handled: string[]) => Promise<Server> }[] = [
  {
    name: 'keyward/fastify',
    async listen(keyward, handled) {
      const app = Fastify({ logger: false })
      await app.register(keywardFastify, { keyward, onError: () => undefined })
      app.get('/api/v1/echo', async () => {
        handled.push('handler')
        return { data: { ok: true } }
      })
      await app.listen({ port: 0, host: '127.0.0.1' })
      return app.server
    },
  },
  {
    name: 'keyward/express',
    async listen(keyward, handled) {
      const api = keywardExpress(keyward, { onError: () => undefined })
      const app = express()
      api.get('/api/v1/echo', (_req, res) => {
        handled.push('handler')
        res.json({ data: { ok: true } })
      })
      app.use(api, api.errorHandler)
      const server = app.listen(0, '127.0.0.1')
      await once(server, 'listening')
      return server
    },
  },
  {
    name: 'keyward/hono',
    async listen(keyward, handled) {
      const api = keywardHono(keyward, { onError: () => undefined })
      const app = new Hono()
      app.use(api)
      app.get('/api/v1/echo', (c) => {
        handled.push('handler')
        return c.json({ data: { ok: true } })
      })
      const server = createAdaptorServer({ fetch: app.fetch }) as Server
      server.listen(0, '127.0.0.1')
      await once(server, 'listening')
      return server
    },
  },
  {
    name: 'keyward/koa',
    async listen(keyward, handled) {
      const api = keywardKoa(keyward, { onError: () => undefined })
      const router = new Router()
      router.get('/api/v1/echo', (ctx) => {
        handled.push('handler')
        ctx.body = { data: { ok: true } }
      })
      const app = new Koa()
      app.use(api)
      app.use(router.routes())
      const server = app.listen(0, '127.0.0.1')
      await once(server, 'listening')
      return server
    },
  },
  ...(['express', 'fastify'] as const).map((platform) => ({
    name: `keyward/nestjs (${platform})`,
    listen: async (keyward: Keyward, handled: string[]) =>
      (await nestEcho()).listenNestEcho(keyward, handled, platform),
  })),
]

/** The Nest app, compiled with Nest's decorators by test/nestjs/tsconfig.json: loaded by a specifier this program does not follow. */
const NEST_ECHO: string = '../nestjs/echo-app.js'
const nestEcho = () =>
  import(NEST_ECHO) as Promise<{
    listenNestEcho(keyward: Keyward, handled: string[], platform: 'express' | 'fastify'): Promise<Server>
  }>

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** Polls until `ready()` holds, for at most two seconds. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !ready(); ) {
    if (Date.now() - started > 2000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

function request(key: string): string {
  return `GET /api/v1/echo HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\n\r\n`
}

/** A client connection on `port` and everything it has received so far. */
async function open(port: number): Promise<{ socket: ReturnType<typeof connect>; received: () => string }> {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  return { socket, received: () => received }
}

describe.each(APPS)('$name: a client that leaves while the store decides', ({ listen }) => {
  async function start() {
    const gated = await gatedKeyward()
    const handled: string[] = []
    const server = await listen(gated.keyward, handled)
    servers.push(server)
    const serverSockets: Socket[] = []
    server.on('connection', (socket: Socket) => serverSockets.push(socket))
    const port = (server.address() as AddressInfo).port

    /**
     * Sends a request with `token`, leaves while its key lookup waits, lets the lookup go once the
     * server has seen the client leave, and returns what the client had received. `close` closes
     * the connection and lets the lookup go once the server's socket is destroyed; `half-close`
     * only shuts the client's side (FIN) and lets the lookup go the moment the server's socket
     * reads its end: Node has ended that socket then, but the response is not destroyed yet.
     */
    async function leaveWhileDeciding(token: string, how: 'close' | 'half-close' = 'close'): Promise<string> {
      const client = await open(port)
      client.socket.write(request(token))
      await until(() => gated.waiting.length === 1, 'the key lookup')
      if (how === 'close') {
        client.socket.destroy()
        await until(
          () => serverSockets.length === 1 && serverSockets[0]!.destroyed,
          'the server to see the connection close',
        )
        gated.waiting.shift()!()
      } else {
        serverSockets[0]!.once('end', () => gated.waiting.shift()!())
        client.socket.end()
        await until(() => gated.waiting.length === 0, 'the server to read the end of the request side')
      }
      // Let the decision reach the adapter, and any handler or write it would start.
      await new Promise((resolve) => setTimeout(resolve, 50))
      return client.received()
    }

    return { ...gated, handled, port, leaveWhileDeciding }
  }

  it('L4a: gets no handler run and no answer; its unit stays taken and its usage entry has status 499', async () => {
    const { keyward, key, keyId, waiting, handled, port, leaveWhileDeciding } = await start()
    expect(await leaveWhileDeciding(key)).toBe('')
    expect(handled).toEqual([])
    const usage = await keyward.queryUsage({ keyId, limit: 10 })
    expect(usage.map((entry) => [entry.status, entry.method, entry.path])).toEqual([
      [CLIENT_CLOSED_REQUEST, 'GET', '/api/v1/echo'],
    ])

    // L2/L4a: the unit the abandoned request took is still counted (1000 per minute for live keys, L1).
    const next = await open(port)
    next.socket.write(request(key))
    await until(() => waiting.length === 1, 'the second key lookup')
    waiting.shift()!()
    await until(
      () => next.received().includes('\r\n\r\n') && next.received().includes('"ok":true'),
      'the second answer',
    )
    next.socket.destroy()
    expect(next.received()).toMatch(/^HTTP\/1\.1 200 /)
    expect(next.received().toLowerCase()).toContain('x-ratelimit-remaining: 998\r\n')
    expect(handled).toEqual(['handler'])
  })

  it('L4a: a client that shuts its side of the connection while the store decides gets no handler run; its usage entry has status 499', async () => {
    const { keyward, key, keyId, handled, leaveWhileDeciding } = await start()
    expect(await leaveWhileDeciding(key, 'half-close')).toBe('')
    expect(handled).toEqual([])
    const usage = await keyward.queryUsage({ keyId, limit: 10 })
    expect(usage.map((entry) => entry.status)).toEqual([CLIENT_CLOSED_REQUEST])
  })

  it('H9: a refused request whose client left is neither answered nor recorded', async () => {
    const { keyward, keyId, handled, leaveWhileDeciding } = await start()
    // Well-formed, but no such key: the store is asked, then the request is refused.
    expect(await leaveWhileDeciding(generateKey('live'))).toBe('')
    expect(handled).toEqual([])
    expect(await keyward.queryUsage({ keyId, limit: 10 })).toEqual([])
  })
})
