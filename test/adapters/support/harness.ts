/**
 * Starts the reference app of one framework on port 0 with a keyward instance a test controls:
 * a manual clock (limits, expiry), a store that can be made to fail or hang (R5), and a known
 * dashboard token.
 */
import type { AddressInfo } from 'node:net'
import express4 from 'express4'
import { buildExpressApp } from '../../../server/app-express.js'
import { buildFetchApp } from '../../../server/app-fetch.js'
import { buildFastifyApp } from '../../../server/app-fastify.js'
import { buildHonoApp } from '../../../server/app-hono.js'
import { buildKoaApp } from './app-koa.js'
import type { AppConfig, BuiltApp } from '../../../server/app.js'
import { createManualClock, type ManualClock } from '../../../src/core/clock.js'
import { referenceDashboardGuard } from '../../../server/dashboard-guard.js'
import { createKeyward, type Keyward, type KeywardOptions } from '../../../src/keyward.js'
import { createMemoryStores } from '../../../src/stores/memory/index.js'
import type { KeywardStores } from '../../../src/core/types.js'
import { type RawRequest, type RawResponse, rawRequest } from './raw-http.js'
import { type StoreMode, switchableAuthorize } from './switchable-stores.js'

export type { StoreMode } from './switchable-stores.js'

export const DASHBOARD_TOKEN = 'dashboard-token-for-tests-0123456789'
/** Short, so R5's "a store that does not answer" case takes little time. */
export const STORE_TIMEOUT_MS = 150
/** The keyward options of every app the cases run on, before a case's own; no failure guard unless a case asks. */
export const CASE_KEYWARD_OPTIONS = {
  storeTimeoutMs: STORE_TIMEOUT_MS,
  failedAuthLimit: 0,
  // As the reference server: a key made without scopes calls its own endpoints.
  defaultScopes: ['ip', 'email'],
} as const

export interface Target {
  name: string
  build(config: AppConfig): Promise<BuiltApp>
}

/** Every framework the parity suite runs: the cases must answer alike on each. */
export const TARGETS: readonly Target[] = [
  { name: 'express 5', build: (config) => buildExpressApp(config) },
  { name: 'express 4', build: (config) => buildExpressApp(config, express4 as never) },
  { name: 'fastify 5', build: buildFastifyApp },
  { name: 'hono 4 (node-server)', build: (config) => buildHonoApp(config) },
  { name: 'hono 4 (node-server, guard)', build: (config) => buildHonoApp(config, 'guard') },
  { name: 'koa 3', build: buildKoaApp },
  { name: 'nestjs 12 (express)', build: (config) => buildNestApp(config, 'express') },
  { name: 'nestjs 12 (fastify)', build: (config) => buildNestApp(config, 'fastify') },
  { name: 'fetch (node-server)', build: buildFetchApp },
]

/**
 * The Nest reference app, loaded by a specifier this program does not follow: it is compiled with
 * Nest's decorators by test/nestjs/tsconfig.json, which `npm run typecheck` checks on its own.
 */
const NEST_APP: string = '../../nestjs/app-nest.js'
async function buildNestApp(config: AppConfig, platform: 'express' | 'fastify'): Promise<BuiltApp> {
  const { buildNestApp: build } = (await import(NEST_APP)) as {
    buildNestApp(config: AppConfig, platform: 'express' | 'fastify'): Promise<BuiltApp>
  }
  return build(config, platform)
}

/**
 * What the parity cases use of an app: its port, its clock, its store switch and its key manager.
 * An app in another runtime (test/runtimes/) offers these through a control endpoint.
 */
export interface CaseHarness {
  keyward: { keys: Pick<Keyward['keys'], 'create' | 'revoke' | 'update'> }
  clock: ManualClock
  port: number
  setStore(mode: StoreMode): void
  send(request: RawRequest): Promise<RawResponse>
  close(): Promise<void>
}

export interface Harness extends CaseHarness {
  target: string
  keyward: Keyward
  /** Errors the app reported as 500s (they must not reach the console in tests). */
  errors: unknown[]
}

/**
 * Memory stores with a switch that makes authentication fail (R5) without touching key
 * management. `async`: every decision arrives as a Promise, as on Redis.
 */
function switchableStores(async: boolean): { stores: KeywardStores; setMode(mode: StoreMode): void } {
  let mode: StoreMode = 'ok'
  const stores = switchableAuthorize(createMemoryStores(), () => mode, async)
  return { stores, setMode: (next) => (mode = next) }
}

/** Options of one harness: the keyward instance's, and the app's trustProxy. */
export interface HarnessOptions {
  keyward?: KeywardOptions
  trustProxy?: boolean | number
  /** Decisions arrive as Promises (as on Redis). Default false: synchronous, as on memory stores. */
  asyncStore?: boolean
  /** W3: the app's secret scanning endpoint. Default: none. */
  secretScanning?: AppConfig['secretScanning']
}

export async function startHarness(target: Target, options: HarnessOptions = {}): Promise<Harness> {
  const clock = createManualClock()
  const { stores, setMode } = switchableStores(options.asyncStore === true)
  const errors: unknown[] = []
  const keyward = createKeyward({
    stores,
    clock,
    ...CASE_KEYWARD_OPTIONS,
    onError: (error) => errors.push(error),
    ...options.keyward,
  })
  const app = await target.build({
    keyward,
    dashboard: { authorize: referenceDashboardGuard(DASHBOARD_TOKEN) },
    trustProxy: options.trustProxy ?? false,
    onError: (error) => errors.push(error),
    secretScanning: options.secretScanning,
  })
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
  const port = (app.server.address() as AddressInfo).port
  return {
    target: target.name,
    keyward,
    clock,
    port,
    errors,
    setStore: setMode,
    send: (request) => rawRequest(port, request),
    close: () => app.close(),
  }
}
