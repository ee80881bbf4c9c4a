/**
 * The parity table (test/adapters/cases.ts) on keyward/fetch in another runtime: the reference app
 * bundled from the sources runs in Bun or Deno (parity-host.ts), and each case runs against it as
 * against an app on Node, response for response compared with keyward/fetch on Node. The cases'
 * clock and store switch reach the runtime through a file per app (shared-world.ts), key
 * management through the host's control endpoint.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pageAssetsInline } from '../../src/web-page/bundle.js'
import {
  AUTH_TEST,
  makeSharedKeys,
  PARITY_CASES,
  runCase,
  type ParityCase,
  type SharedKeys,
} from '../adapters/cases.js'
import { check, type Normalized } from '../adapters/support/check.js'
import {
  CASE_KEYWARD_OPTIONS,
  type CaseHarness,
  DASHBOARD_TOKEN,
  type HarnessOptions,
  startHarness,
  TARGETS,
} from '../adapters/support/harness.js'
import { type RawRequest, type RawResponse, rawExchange, rawRequest } from '../adapters/support/raw-http.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import type { AppRequest } from './parity-host.js'
import { writeWorld } from './shared-world.js'
import { emptyProject, ROOT, startRuntime } from './support.js'

type CaseKeys = CaseHarness['keyward']['keys']

/** A runtime the table runs on: how to start a script in it. */
export interface Runtime {
  name: string
  command: string
  args(script: string): string[]
}

/**
 * What the runtime's own HTTP parser refuses before any handler runs, and the status it answers
 * with (an empty body, no request id: keyward never sees the request).
 */
export interface ParserLimits {
  /** Header lines between two Authorization lines that still reach the handler. */
  linesAccepted: number
  /** The status of a head of 2,000 header lines. */
  tooManyLines: number
  /** A head size it refuses, and the status. */
  headBytesRefused: number
  tooLarge: number
  /** The status of a header name with spaces in it. */
  malformed: number
}

/** A case whose responses cannot be the same out of Node: why, and what the runtime answers instead. */
interface Departure {
  why: string
  run(h: CaseHarness, keys: SharedKeys): Promise<void>
}

const title = (c: ParityCase) => `${c.ids}: ${c.name}`
const caseTitled = (name: string) => title(PARITY_CASES.find((c) => c.name === name)!)

/** The runtime's parser answered, with an empty body and no request id. */
function expectRuntimeRefusal(response: RawResponse, status: number): void {
  expect([response.status, response.headers['x-request-id'], response.body]).toEqual([status, undefined, ''])
}

/**
 * The cases whose requests Node's parser hands to keyward (or refuses through keyward's
 * `clientError` handler) but the runtime's parser refuses itself: Bun.serve and Deno.serve have no
 * hook for the requests they refuse.
 */
function parserDepartures(limits: ParserLimits): Record<string, Departure> {
  const why = "the runtime's HTTP parser answers before any handler runs"
  const twoAuthorizations = (keys: SharedKeys, lines: number): RawRequest => ({
    method: 'POST',
    path: AUTH_TEST,
    headers: [
      ['Authorization', `Bearer ${keys.live}`],
      ...Array.from({ length: lines }, () => ['a', 'b'] as const),
      ['Authorization', `Bearer ${keys.test}`],
    ],
  })
  return {
    [caseTitled('a second Authorization line after 2,000 other header lines is still seen → malformed')]: {
      why,
      async run(h, keys) {
        check(await h.send(twoAuthorizations(keys, limits.linesAccepted)), {
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Malformed Authorization header',
          www: 'Bearer realm="Svc", error="invalid_request"',
        })
        expectRuntimeRefusal(await h.send(twoAuthorizations(keys, 2000)), limits.tooManyLines)
      },
    },
    [caseTitled("Node's parser refusing an oversized head is answered with the envelope and a request id")]: {
      why,
      async run(h) {
        const head = `GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(limits.headBytesRefused)}\r\n\r\n`
        // The runtime answers and closes with the rest of the head unread: the close may reset the
        // connection before its answer is read. Either way, nothing reached keyward.
        const answer = await rawExchange(h.port, head).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNRESET') return 'reset' as const
          throw error
        })
        if (answer !== 'reset') expectRuntimeRefusal(answer, limits.tooLarge)
      },
    },
    [caseTitled("Node's parser refusing a malformed request line is answered with the envelope and a request id")]: {
      why,
      async run(h) {
        const head = 'GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nBad Header Name: v\r\n\r\n'
        expectRuntimeRefusal(await rawExchange(h.port, head), limits.malformed)
      },
    },
  }
}
/** The runtime's compile and first Redis connection: generous, still bounded. */
const START_TIMEOUT_MS = 60_000

/** The host bundled for the runtime into a project folder whose node_modules are this repository's. */
async function hostProject(): Promise<{ dir: string; remove(): void }> {
  const project = emptyProject()
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['test/runtimes/parity-host.ts'],
    outfile: join(project.dir, 'parity-host.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'esnext',
    packages: 'external',
    logLevel: 'warning',
    plugins: [pageAssetsInline(join(ROOT, 'ui'))],
  })
  return project
}

/** The host process, and apps started in it as the cases' harnesses. */
async function startHost(runtime: Runtime, dir: string) {
  const token = randomBytes(24).toString('hex')
  const redisUrl = sharedRedisUrl(inject('keywardRedis'))
  const host = await startRuntime({
    command: runtime.command,
    args: runtime.args('parity-host.js'),
    cwd: dir,
    env: { CONTROL_TOKEN: token, REDIS_URL: redisUrl ?? undefined },
    listening: (output) => Number(/control on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]) || undefined,
    timeoutMs: START_TIMEOUT_MS,
  })
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await rawRequest(host.port, {
      method,
      path,
      headers: [
        ['Authorization', `Bearer ${token}`],
        ['Content-Type', 'application/json'],
      ],
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const answer = response.json()
    if (response.status !== 200) throw new Error(`${runtime.name} host: ${method} ${path}: ${answer.error}`)
    return answer
  }
  let worlds = 0
  /** An app in the runtime, with its own keyward on `store`, driven as a harness on Node is. */
  const app = async (store: AppRequest['store'], options: HarnessOptions = {}): Promise<CaseHarness> => {
    const world = join(dir, `world-${++worlds}`)
    const { clock, setStore } = writeWorld(world)
    const request: AppRequest = {
      store,
      prefix: uniquePrefix('parity-runtime'),
      world,
      dashboardToken: DASHBOARD_TOKEN,
      keyward: { ...CASE_KEYWARD_OPTIONS, ...options.keyward },
      trustProxy: options.trustProxy ?? false,
      asyncStore: options.asyncStore === true,
    }
    const { id, port } = await call('POST', '/apps', request)
    const keys =
      (method: string) =>
      async (...args: unknown[]) =>
        (await call('POST', `/apps/${id}/keys`, { method, args })).result
    return {
      port,
      clock,
      setStore,
      // What the host's key manager returned, as JSON: the cases read the key and its record's id.
      keyward: { keys: { create: keys('create'), revoke: keys('revoke'), update: keys('update') } as CaseKeys },
      send: (request) => rawRequest(port, request),
      close: () => call('DELETE', `/apps/${id}`).then(() => undefined),
    }
  }
  return { app, stop: (): Promise<void> => host.stop() }
}

/** Every case on keyward/fetch on Node (memory, synchronous decisions): what the runtime must answer. */
async function nodeResponses(): Promise<Map<string, Normalized[]>> {
  const fetchOnNode = TARGETS.find((target) => target.name === 'fetch (node-server)')!
  const h = await startHarness(fetchOnNode)
  const seen = new Map<string, Normalized[]>()
  try {
    const keys = await makeSharedKeys(h)
    for (const parityCase of PARITY_CASES) {
      const observed: Normalized[] = []
      await runCase(parityCase, h, keys, (options) => startHarness(fetchOnNode, options), observed)
      seen.set(title(parityCase), observed)
    }
  } finally {
    await h.close()
  }
  return seen
}

/**
 * Describes the table on `runtime`, with the memory store and (when there is a Redis) on Redis:
 * per case, the runtime's normalized responses equal those of keyward/fetch on Node, except the
 * cases its own parser answers (`parser`), which assert what it answers instead.
 */
export function describeRuntimeParity(runtime: Runtime, parser: ParserLimits): void {
  const departures = parserDepartures(parser)
  const redisUrl = sharedRedisUrl(inject('keywardRedis'))
  let project: Awaited<ReturnType<typeof hostProject>> | undefined
  let host: Awaited<ReturnType<typeof startHost>> | undefined
  let expected: Map<string, Normalized[]>
  beforeAll(async () => {
    ;[project, expected] = await Promise.all([hostProject(), nodeResponses()])
    host = await startHost(runtime, project.dir)
  }, START_TIMEOUT_MS + 30_000)
  afterAll(async () => {
    await host?.stop()
    project?.remove()
  })

  for (const store of ['memory', 'redis'] as const) {
    describe.skipIf(store === 'redis' && redisUrl === null)(`keyward/fetch on ${runtime.name}, ${store} store`, () => {
      let h: CaseHarness
      let keys: SharedKeys
      beforeAll(async () => {
        h = await host!.app(store)
        keys = await makeSharedKeys(h)
      })
      afterAll(() => h?.close())

      for (const parityCase of PARITY_CASES) {
        const departure = departures[title(parityCase)]
        if (departure !== undefined) {
          it(`${title(parityCase)} — differs out of Node: ${departure.why}`, () => departure.run(h, keys))
          continue
        }
        it(title(parityCase), async () => {
          const observed: Normalized[] = []
          await runCase(parityCase, h, keys, (options) => host!.app(store, options), observed)
          expect(observed, `${runtime.name} answers as keyward/fetch on Node`).toEqual(expected.get(title(parityCase)))
        })
      }
    })
  }
}
