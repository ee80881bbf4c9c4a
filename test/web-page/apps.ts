/**
 * A small app on each framework with keyward's dashboard and the web page, as a host would mount
 * them, for tests of how the page is served (U1). The browser tests use the reference server.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import express from 'express'
import express4 from 'express4'
import Fastify from 'fastify'
import { Hono } from 'hono'
import { type AdapterOptions, keywardExpress } from '../../adapters/express.js'
import { keywardFetch } from '../../adapters/fetch.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import type { Keyward } from '../../src/keyward.js'

export interface PageApp {
  base: string
  close(): Promise<void>
}

type Build = (keyward: Keyward, options: AdapterOptions) => Promise<Server>

function expressBuilder(factory: () => express.Express): Build {
  return async (keyward, options) => {
    const app = factory()
    app.use(keywardExpress(keyward, options))
    return createServer(app)
  }
}

const fastifyBuilder: Build = async (keyward, options) => {
  let server: Server | undefined
  const app = Fastify({ serverFactory: (handler) => (server = createServer(handler)) })
  await app.register(keywardFastify, { keyward, ...options })
  await app.ready()
  return server!
}

/** Hono with the middleware, or with only `api.notFound` (routes wrapped in `api.guard()`, no middleware). */
function honoBuilder(form: 'middleware' | 'guard'): Build {
  return async (keyward, options) => {
    const api = keywardHono(keyward, options)
    const app = new Hono()
    if (form === 'middleware') app.use(api)
    app.notFound(api.notFound)
    app.onError(api.onError)
    return createAdaptorServer({ fetch: app.fetch }) as Server
  }
}

/** keyward/fetch behind @hono/node-server's bridge: `guard.handle()` first, the host's 404 last. */
const fetchBuilder: Build = async (keyward, options) => {
  const guard = keywardFetch(keyward, options)
  const fetch = (request: Request) => guard.handle(request) ?? new Response('404 Not Found', { status: 404 })
  return createAdaptorServer({ fetch }) as Server
}

export const PAGE_APPS: ReadonlyArray<{ name: string; build: Build }> = [
  { name: 'express 5', build: expressBuilder(express) },
  { name: 'express 4', build: expressBuilder(express4 as never) },
  { name: 'fastify 5', build: fastifyBuilder },
  { name: 'hono 4 (middleware)', build: honoBuilder('middleware') },
  { name: 'hono 4 (notFound only)', build: honoBuilder('guard') },
  { name: 'fetch (node-server)', build: fetchBuilder },
]

export async function startPageApp(build: Build, keyward: Keyward, options: AdapterOptions): Promise<PageApp> {
  const server = await build(keyward, options)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
