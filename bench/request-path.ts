/**
 * How far one request travels through keyward: the functions of keyward's own source (src/ and
 * adapters/) that one authenticated GET runs, and the files they live in, on memory stores, after
 * warm-up. V8's precise coverage counts every call; taking it resets the counts, so the second
 * take holds exactly the measured request.
 *
 *   npx tsx bench/request-path.ts [express|fastify|hono|all] [--list]
 *
 * `--list` prints each function with its file and call count, in the order of the files.
 */
import { once } from 'node:events'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import { keywardExpress } from '../adapters/express.js'
import { keywardFastify } from '../adapters/fastify.js'
import { keywardHono } from '../adapters/hono.js'
import { createKeyward, type Keyward } from '../src/index.js'

const ROUTE = '/api/v1/hello'
const WARM_UP = 200
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const FRAMEWORKS = ['express', 'fastify', 'hono'] as const
type Framework = (typeof FRAMEWORKS)[number]

interface Measure {
  framework: Framework
  functions: { file: string; name: string; count: number }[]
}

async function listen(framework: Framework, keyward: Keyward): Promise<Server> {
  if (framework === 'fastify') {
    const app = Fastify()
    await app.register(keywardFastify, { keyward })
    app.get(ROUTE, async (request) => ({ data: { name: request.apiKey!.name } }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    return app.server
  }
  let server: Server
  if (framework === 'express') {
    const api = keywardExpress(keyward)
    api.get(ROUTE, (req, res) => void res.json({ data: { name: req.apiKey!.name } }))
    const app = express()
    app.use(api)
    server = createServer(app)
  } else {
    const app = new Hono()
    const api = keywardHono(keyward)
    app.use(api)
    app.get(ROUTE, (c) => c.json({ data: { name: c.var.apiKey!.name } }))
    server = createServer(getRequestListener(app.fetch))
  }
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return server
}

function get(port: number, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { port, host: '127.0.0.1', path: ROUTE, headers: { authorization: `Bearer ${key}` } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** keyward's own source file of a coverage entry, relative to the repository; null for anything else. */
function ownFile(url: string): string | null {
  if (!url.startsWith('file://')) return null
  const path = fileURLToPath(url)
  if (!path.startsWith(ROOT) || path.includes('/node_modules/')) return null
  const relative = path.slice(ROOT.length)
  return relative.startsWith('src/') || relative.startsWith('adapters/') ? relative : null
}

async function measure(framework: Framework): Promise<Measure> {
  const keyward = createKeyward({ limits: { live: { perMinute: 1_000_000_000, perMonth: null } } })
  const { key } = await keyward.keys.create({ name: 'request-path' })
  const server = await listen(framework, keyward)
  const { port } = server.address() as AddressInfo
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
  for (let i = 0; i < WARM_UP; i++) await get(port, key)
  // Let the warm-up's closing work (usage entries, socket close) finish before the counts reset.
  await new Promise((resolve) => setTimeout(resolve, 50))
  await session.post('Profiler.takePreciseCoverage')
  const status = await get(port, key)
  await new Promise((resolve) => setTimeout(resolve, 50))
  const { result } = await session.post('Profiler.takePreciseCoverage')
  await session.post('Profiler.stopPreciseCoverage')
  session.disconnect()
  server.closeAllConnections?.()
  server.close()
  if (status !== 200) throw new Error(`${framework}: the measured request got ${status}, not 200`)
  const functions: Measure['functions'] = []
  for (const script of result) {
    const file = ownFile(script.url)
    if (file === null) continue
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0
      // The module's top-level code is listed as an unnamed function; it does not run per request.
      if (count > 0 && !(fn.functionName === '' && fn.ranges[0]!.startOffset === 0)) {
        functions.push({ file, name: fn.functionName || '(anonymous)', count })
      }
    }
  }
  return { framework, functions }
}

const args = process.argv.slice(2)
const which = args.find((a) => !a.startsWith('--')) ?? 'all'
const chosen = which === 'all' ? FRAMEWORKS : FRAMEWORKS.filter((f) => f === which)
if (chosen.length === 0) throw new Error(`unknown framework "${which}": express, fastify, hono or all`)
for (const framework of chosen) {
  const { functions } = await measure(framework)
  const files = new Set(functions.map((f) => f.file))
  const calls = functions.reduce((sum, f) => sum + f.count, 0)
  console.log(`${framework}: ${functions.length} keyward functions (${calls} calls) in ${files.size} source files`)
  if (args.includes('--list')) {
    for (const f of functions.sort((a, b) => a.file.localeCompare(b.file)))
      console.log(`  ${f.file}  ${f.name} ×${f.count}`)
  }
}
