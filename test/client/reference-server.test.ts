/**
 * The client's shared suite (client-contract.suite.ts) against the real reference server: the
 * server/app-*.ts builders on memory stores, started in-process on a free port, once per
 * framework. Keys in each state are made through the dashboard API (E5), as an operator would.
 */
import type { AddressInfo } from 'node:net'
import { generateKey } from '../../src/core/key-format.js'
import { bearerTokenGuard } from '../../src/dashboard/index.js'
import { createKeyward } from '../../src/keyward.js'
import { SEED_SCOPES } from '../../server/env.js'
import type { AppBuilder } from '../../server/app.js'
import { buildExpressApp } from '../../server/app-express.js'
import { buildFastifyApp } from '../../server/app-fastify.js'
import { buildHonoApp } from '../../server/app-hono.js'
import { describeClientContract } from './client-contract.suite.js'
import type { StartTarget } from './support/target.js'

const DASHBOARD_TOKEN = 'reference-server-dashboard-token-0123'
/** How long the key that is to be expired lives: long enough to create it, short enough to wait for. */
const EXPIRED_KEY_LIFETIME_MS = 1500

/** POST to a dashboard route (E5); throws with the response when it is not the expected status. */
async function dashboard(baseUrl: string, path: string, body: unknown, expected: number): Promise<any> {
  const response = await fetch(`${baseUrl}/api/dashboard${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DASHBOARD_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== expected) throw new Error(`POST /api/dashboard${path} answered ${response.status}: ${text}`)
  return (JSON.parse(text) as { data: unknown }).data
}

function referenceTarget(build: AppBuilder): StartTarget {
  return async () => {
    const keyward = createKeyward({ defaultScopes: SEED_SCOPES })
    const app = await build({ keyward, dashboard: { authorize: bearerTokenGuard(DASHBOARD_TOKEN) }, trustProxy: false })
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject)
      app.server.listen(0, '127.0.0.1', () => resolve())
    })
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const expiresAt = new Date(Date.now() + EXPIRED_KEY_LIFETIME_MS).toISOString()
    const expired = await dashboard(baseUrl, '/api-keys', { name: 'expires at once', sandbox: true, expiresAt }, 201)
    const live = await dashboard(baseUrl, '/api-keys', { name: 'live' }, 201)
    const test = await dashboard(baseUrl, '/api-keys', { name: 'sandbox', sandbox: true }, 201)
    const revoked = await dashboard(baseUrl, '/api-keys', { name: 'to revoke' }, 201)
    const ownedExpiry = new Date(Date.now() + 86_400_000).toISOString()
    const owned = await dashboard(
      baseUrl,
      '/api-keys',
      {
        name: 'acme reporting',
        ownerId: 'org:acme',
        meta: { plan: 'pro', note: 'private-to-the-host' },
        scopes: ['ip'],
        expiresAt: ownedExpiry,
      },
      201,
    )
    await dashboard(baseUrl, `/api-keys/${revoked.id}/revoke`, undefined, 200)
    const wait = Date.parse(expiresAt) - Date.now() + 50
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    return {
      baseUrl,
      keys: {
        live: live.key,
        test: test.key,
        revoked: revoked.key,
        unknown: generateKey('live'),
        expired: expired.key,
      },
      owned: {
        key: owned.key,
        whoami: {
          keyId: owned.id,
          name: 'acme reporting',
          keyType: 'live',
          ownerId: 'org:acme',
          scopes: ['ip'],
          expiresAt: ownedExpiry,
        },
      },
      async close() {
        await app.close()
        await keyward.close()
      },
    }
  }
}

describeClientContract('the reference server (fastify)', referenceTarget(buildFastifyApp))
describeClientContract(
  'the reference server (express)',
  referenceTarget((config) => buildExpressApp(config)),
)
describeClientContract('the reference server (hono)', referenceTarget(buildHonoApp))
