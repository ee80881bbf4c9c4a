/**
 * The parity table (test/adapters/cases.ts) on keyward/fetch in another runtime: the reference app
 * bundled from the sources runs in Bun, Deno or a Next.js server (parity-host.ts), and each case
 * runs against it as against an app on Node, response for response compared with keyward/fetch on
 * Node. The cases' clock and store switch reach the runtime through a file per app
 * (shared-world.ts), key management through the host's control endpoint.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pageAssetsInline } from '../../src/web-page/bundle.js'
import {
  AUTH_TEST,
  type CaseContext,
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
import { emptyProject, ROOT, type StartOptions, startRuntime } from './support.js'

type CaseKeys = CaseHarness['keyward']['keys']

/** A temporary project folder. */
export interface Project {
  dir: string
  remove(): void
}

/** A runtime the table runs on: its host project, and how the host process starts in it. */
export interface Runtime {
  name: string
  /** Makes the project the host runs in, the parity host bundled from the sources into it. */
  project(): Promise<Project>
  /** The host process; `listening` reads the port of its control endpoint. */
  start(dir: string): Promise<Omit<StartOptions, 'cwd' | 'timeoutMs'>>
  /** How long making the project and starting the host may take. */
  timeoutMs: number
}

/**
 * What the runtime's own HTTP parser refuses before any handler runs, and the status it answers
 * with (an empty body, no request id: keyward never sees the request).
 */
export interface ParserLimits {
  /**
   * When it refuses heads of many lines: how many lines between two Authorization lines still
   * reach the handler, and the status of a head of 2,000.
   */
  lines?: { accepted: number; tooMany: number }
  /** A head size it refuses, and the status. */
  headBytesRefused: number
  tooLarge: number
  /** The status of a header name with spaces in it. */
  malformed: number
}

/**
 * A case whose responses cannot be the same out of Node: why, and what the runtime answers instead:
 * `run` in the case's place (by default the case itself), on apps seen through `harness` when one
 * is given (a client's view of them, such as one that follows the runtime's redirects).
 */
export interface Departure {
  why: string
  run?(t: CaseContext): Promise<void>
  harness?(h: CaseHarness): CaseHarness
}

const title = (c: ParityCase) => `${c.ids}: ${c.name}`
/** The title the table's case named `name` runs under, checked to exist. */
export function caseTitled(name: string): string {
  const found = PARITY_CASES.find((c) => c.name === name)
  if (found === undefined) throw new Error(`no parity case named ${JSON.stringify(name)}`)
  return title(found)
}

/** The runtime's parser answered, with an empty body and no request id. */
export function expectRuntimeRefusal(response: RawResponse, status: number): void {
  expect([response.status, response.headers['x-request-id'], response.body]).toEqual([status, undefined, ''])
}

const PARSER_ANSWERS = "the runtime's HTTP parser answers before any handler runs"

/** Two Authorization lines with `lines` other lines between them. */
const twoAuthorizations = (keys: SharedKeys, lines: number): RawRequest => ({
  method: 'POST',
  path: AUTH_TEST,
  headers: [
    ['Authorization', `Bearer ${keys.live}`],
    ...Array.from({ length: lines }, () => ['a', 'b'] as const),
    ['Authorization', `Bearer ${keys.test}`],
  ],
})

/** A runtime that refuses heads of many lines: the second Authorization line is seen up to its bound. */
function manyLinesDeparture(lines: NonNullable<ParserLimits['lines']>): Record<string, Departure> {
  return {
    [caseTitled('a second Authorization line after 2,000 other header lines is still seen → malformed')]: {
      why: PARSER_ANSWERS,
      async run({ h, keys }) {
        check(await h.send(twoAuthorizations(keys, lines.accepted)), {
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Malformed Authorization header',
          www: 'Bearer realm="Svc", error="invalid_request"',
        })
        expectRuntimeRefusal(await h.send(twoAuthorizations(keys, 2000)), lines.tooMany)
      },
    },
  }
}

/**
 * The cases whose requests Node's parser hands to keyward (or refuses through keyward's
 * `clientError` handler) but the runtime's parser refuses itself, with no hook for keyward: Bun.serve
 * and Deno.serve, and Node's own parser where the server gives keyward none (Next.js).
 */
export function parserDepartures(limits: ParserLimits): Record<string, Departure> {
  return {
    ...(limits.lines === undefined ? {} : manyLinesDeparture(limits.lines)),
    [caseTitled("Node's parser refusing an oversized head is answered with the envelope and a request id")]: {
      why: PARSER_ANSWERS,
      async run({ h }) {
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
      why: PARSER_ANSWERS,
      async run({ h }) {
        const head = 'GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nBad Header Name: v\r\n\r\n'
        expectRuntimeRefusal(await rawExchange(h.port, head), limits.malformed)
      },
    },
  }
}

/** The runtime's compile and first Redis connection: generous, still bounded. */
const START_TIMEOUT_MS = 60_000

/** Bundles a parity host entry (and keyward, from the sources) into one ES module at `outfile`. */
export async function bundleHost(entry: string, outfile: string): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'esnext',
    packages: 'external',
    logLevel: 'warning',
    plugins: [pageAssetsInline(join(ROOT, 'ui'))],
  })
}

/** A runtime that runs the host as a script: `command` with `args(script)`, on Bun.serve or Deno.serve. */
export function scriptRuntime(name: string, command: string, args: (script: string) => string[]): Runtime {
  return {
    name,
    async project() {
      const project = emptyProject()
      await bundleHost('test/runtimes/parity-host-serve.ts', join(project.dir, 'parity-host.js'))
      return project
    },
    start: async () => ({
      command,
      args: args('parity-host.js'),
      env: {},
      listening: (output) => Number(/control on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]) || undefined,
    }),
    timeoutMs: START_TIMEOUT_MS + 30_000,
  }
}

/**
 * keyward's own default bound on the Redis store: the Redis the test shares with the rest of the run
 * answers a key call slower than the cases' 150 ms at times on a loaded machine, and the case of a
 * store that never answers asserts only that the bound was waited for.
 */
const REDIS_BOUND = { storeTimeoutMs: 1000 }

/** The host process, and apps started in it as the cases' harnesses. */
async function startHost(runtime: Runtime, dir: string) {
  const token = randomBytes(24).toString('hex')
  const redisUrl = sharedRedisUrl(inject('keywardRedis'))
  const start = await runtime.start(dir)
  const host = await startRuntime({
    ...start,
    cwd: dir,
    env: { ...start.env, CONTROL_TOKEN: token, REDIS_URL: redisUrl ?? undefined },
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
      keyward: { ...CASE_KEYWARD_OPTIONS, ...(store === 'redis' ? REDIS_BOUND : {}), ...options.keyward },
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
 * cases the runtime answers otherwise (`departures`, by case title), which assert what it answers.
 */
export function describeRuntimeParity(runtime: Runtime, departures: Record<string, Departure>): void {
  const redisUrl = sharedRedisUrl(inject('keywardRedis'))
  let project: Project | undefined
  let host: Awaited<ReturnType<typeof startHost>> | undefined
  let expected: Map<string, Normalized[]>
  beforeAll(async () => {
    ;[project, expected] = await Promise.all([runtime.project(), nodeResponses()])
    host = await startHost(runtime, project.dir)
  }, runtime.timeoutMs)
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
          const seen = departure.harness ?? ((app: CaseHarness) => app)
          const departed = { ...parityCase, run: departure.run ?? parityCase.run }
          it(`${title(parityCase)} — differs out of Node: ${departure.why}`, () =>
            runCase(departed, seen(h), keys, async (options) => seen(await host!.app(store, options)), []))
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
