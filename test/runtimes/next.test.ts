/**
 * X3: every case of the parity table on keyward/fetch in a Next.js App Router route, built once with
 * `next build` and served with `next start`, with the memory store and with Redis, answering
 * response for response as keyward/fetch on Node does. The route (test/runtimes/parity-next/)
 * hands every request to the reference app of the parity host (parity-host-next.ts).
 *
 * What Next.js does before any route runs is asserted as it answers: Node's parser refuses
 * oversized and malformed heads with its own bare 431 and 400 (Next.js gives it no handler of
 * keyward's); a path with a trailing slash is redirected (308) to the path without it; and of
 * repeated Authorization lines only the first reaches the route, so keyward decides on that one.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect } from 'vitest'
import {
  AUTH_TEST,
  type CaseContext,
  credentialCasesAnsweredAs,
  PARITY_CASES,
  type ParityCase,
} from '../adapters/cases.js'
import { DASHBOARD_TOKEN, type CaseHarness } from '../adapters/support/harness.js'
import { freePort } from '../helpers/redis.js'
import {
  bundleHost,
  caseTitled,
  type Departure,
  describeRuntimeParity,
  parserDepartures,
  type Runtime,
} from './parity-runtime.js'
import { emptyProject, ROOT } from './support.js'

const NEXT = join(ROOT, 'node_modules/next/dist/bin/next')
const ENV = { NEXT_TELEMETRY_DISABLED: '1' }
/** `next build` of one route: about 30 s on this machine, bounded well above. */
const BUILD_TIMEOUT_MS = 180_000

/** The Next.js app with the parity host installed beside it as a package, built for production. */
async function nextProject() {
  const project = emptyProject()
  try {
    cpSync(join(ROOT, 'test/runtimes/parity-next'), project.dir, { recursive: true })
    const host = join(project.dir, 'node_modules/keyward-parity-host')
    mkdirSync(host)
    writeFileSync(
      join(host, 'package.json'),
      JSON.stringify({ name: 'keyward-parity-host', private: true, type: 'module', exports: './index.js' }),
    )
    await bundleHost('test/runtimes/parity-host-next.ts', join(host, 'index.js'))
    // The build output stays in the temporary folder (.next), never in the repository.
    await promisify(execFile)(process.execPath, [NEXT, 'build'], {
      cwd: project.dir,
      env: { ...process.env, ...ENV },
      timeout: BUILD_TIMEOUT_MS,
    })
    return project
  } catch (error) {
    project.remove()
    throw error
  }
}

const next: Runtime = {
  name: 'Next.js (next start)',
  project: nextProject,
  async start() {
    const port = await freePort()
    return {
      command: process.execPath,
      args: [NEXT, 'start', '--hostname', '127.0.0.1'],
      env: { ...ENV, PORT: String(port) },
      listening: (output) => (/Ready in/.test(output) ? port : undefined),
    }
  },
  timeoutMs: BUILD_TIMEOUT_MS + 60_000,
}

const FIRST_LINE_ONLY = 'Next.js hands a route only the first of repeated Authorization lines'

/**
 * Runs `run` on another app with a live key of its own, for a request Next.js admits where Node
 * refuses it: its consumption then leaves the shared keys as they are on Node for the later cases.
 */
async function onAnotherApp(t: CaseContext, run: ParityCase['run']): Promise<void> {
  const other = await t.withApp({})
  const { key } = await other.issue({ keyType: 'live' })
  await run({ ...other, keys: { ...other.keys, live: key } })
}

/**
 * The credential rows sending Authorization twice, each answered as the row beside it, which
 * keyward decides as it decides the first line alone; `another app` where Node refuses what
 * Next.js admits.
 */
const repeatedAuthorization: Record<string, Departure> = Object.fromEntries(
  (
    [
      [
        'two Authorization lines, both valid → malformed',
        'a valid Bearer key and a malformed x-api-key → x-api-key ignored',
        'another app',
      ],
      ['Authorization twice in different case, one empty → malformed', 'empty Authorization value → present but empty'],
      [
        'duplicate Authorization with a valid x-api-key → authenticated by x-api-key',
        'a valid Bearer key and a malformed x-api-key → x-api-key ignored',
      ],
    ] as const
  ).flatMap(([name, as, where]) =>
    credentialCasesAnsweredAs(name, as).map((answered): [string, Departure] => [
      `${answered.ids}: ${answered.name}`,
      { why: FIRST_LINE_ONLY, run: where === undefined ? answered.run : (t) => onAnotherApp(t, answered.run) },
    ]),
  ),
)

const WWW_NONE = 'Bearer realm="Svc"'

const departures: Record<string, Departure> = {
  ...parserDepartures({ headBytesRefused: 20_000, tooLarge: 431, malformed: 400 }),
  ...repeatedAuthorization,
  [caseTitled('a second Authorization line after 2,000 other header lines is still seen → malformed')]: {
    why: FIRST_LINE_ONLY,
    async run(t) {
      const filler = Array.from({ length: 2000 }, () => ['a', 'b'] as const)
      const headers = [
        ['Authorization', `Bearer ${t.keys.live}`] as const,
        ...filler,
        ['Authorization', 'Bearer x'] as const,
      ]
      // The auth test consumes nothing (L5): the shared live key stays as it is on Node.
      const body = await t.expect(
        { method: 'POST', path: AUTH_TEST, headers },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      expect(body.data).toEqual({ valid: true, authenticated: true, keyType: 'live' })
    },
  },
  [caseTitled('the dashboard guard runs first: no token, a wrong token or two tokens → 401, unknown paths included')]: {
    why: FIRST_LINE_ONLY,
    async run(t) {
      const twice = [
        ['Authorization', `Bearer ${DASHBOARD_TOKEN}`],
        ['Authorization', `Bearer ${DASHBOARD_TOKEN}`],
      ] as const
      // The first token is the dashboard's: the guard admits it.
      await t.expect({ path: '/api/dashboard/api-keys', headers: twice }, { status: 200 })
      for (const [path, headers] of [
        ['/api/dashboard/api-keys', []],
        ['/api/dashboard/api-keys', [['Authorization', 'Bearer not-the-dashboard-token']]],
        ['/api/dashboard/nothing', []],
        ['/api/dashboard/api-keys', [['Authorization', `Bearer ${t.keys.live}`]]],
      ] as const)
        await t.expect({ path, headers }, { status: 401, code: 'UNAUTHORIZED', www: WWW_NONE })
      await t.expect(t.dashboard('GET', '/api/dashboard/nothing'), { status: 404, code: 'not_found' })
    },
  },
  ...trailingSlashRedirect(
    'an unknown path under /api/v1/, its root /api/v1 included, in any spelling, is authenticated first: 401 without a key, 404 with the limit headers with one',
  ),
}

/**
 * The case named `name` as a client that follows Next.js's own redirects sees it: each 308 is
 * checked to be Next.js's (no request id, to the same path without its trailing slash) and
 * followed once, and the case must meet at least one.
 */
function trailingSlashRedirect(name: string): Record<string, Departure> {
  const parityCase = PARITY_CASES.find((candidate) => candidate.name === name)!
  let followed = 0
  const harness = (h: CaseHarness): CaseHarness => ({
    ...h,
    async send(request) {
      const response = await h.send(request)
      if (response.status !== 308) return response
      const [path, query] = request.path.split('?')
      const location = path!.replace(/\/+$/, '') + (query === undefined ? '' : `?${query}`)
      expect([response.header('location'), response.headers['x-request-id']]).toEqual([location, undefined])
      followed++
      return h.send({ ...request, path: location })
    },
  })
  const departure: Departure = {
    why: 'Next.js redirects a path with a trailing slash to the path without it (308) before any route runs',
    harness,
    async run(t) {
      followed = 0
      await parityCase.run(t)
      expect(followed, 'Next.js redirected a path with a trailing slash').toBeGreaterThan(0)
    },
  }
  return { [caseTitled(name)]: departure }
}

describeRuntimeParity(next, departures)
