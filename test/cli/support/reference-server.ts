/**
 * The reference server (server/app-*.ts, E1–E6) started in-process on a free port,
 * around a keyward instance the test chooses: on the CLI's Redis prefix, so keys the CLI creates
 * and revokes are the keys the server judges. Tests that fail authentication on purpose create
 * that instance with `failedAuthLimit: 0` (E7 off).
 */
import type { AddressInfo } from 'node:net'
import { bearerTokenGuard } from '../../../src/dashboard/index.js'
import type { Keyward } from '../../../src/keyward.js'
import type { AppBuilder } from '../../../server/app.js'
import { buildExpressApp } from '../../../server/app-express.js'
import { buildFastifyApp } from '../../../server/app-fastify.js'
import { buildHonoApp } from '../../../server/app-hono.js'

export type Framework = 'express' | 'fastify' | 'hono'

const BUILDERS: Record<Framework, AppBuilder> = {
  express: (config) => buildExpressApp(config),
  fastify: buildFastifyApp,
  hono: buildHonoApp,
}

export interface RunningServer {
  baseUrl: string
  dashboardToken: string
  close(): Promise<void>
}

export async function startReferenceServer(keyward: Keyward, framework: Framework = 'fastify'): Promise<RunningServer> {
  const dashboardToken = 'dashboard-token-for-tests-0123456789'
  const app = await BUILDERS[framework]({
    keyward,
    dashboard: { authorize: bearerTokenGuard(dashboardToken) },
    trustProxy: false,
    onError: () => {},
  })
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject)
    app.server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = app.server.address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${port}`, dashboardToken, close: () => app.close() }
}
