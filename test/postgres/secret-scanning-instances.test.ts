/**
 * W3 with K7 on Postgres: a key GitHub reports through the secret scanning endpoint of one
 * instance is refused on every instance sharing the database within one second, including one that
 * had just admitted it. Two reference apps (Express and Hono), each with its own keyward and pool.
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExpressApp } from '../../server/app-express.js'
import { buildHonoApp } from '../../server/app-hono.js'
import type { AppBuilder, BuiltApp } from '../../server/app.js'
import { createKeyward, type Keyward } from '../../src/index.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { rawRequest } from '../adapters/support/raw-http.js'
import { databaseAvailable, type TestDatabase, testPool, withDatabase } from '../helpers/postgres.js'
import { type KeyListServer, makeSigningKey, signedHeaders, startKeyListServer } from '../secret-scanning/github.js'

const signing = makeSigningKey('postgres-instances-key')

interface Instance {
  keyward: Keyward
  app: BuiltApp
  pool: pg.Pool
  port: number
}

describe.skipIf(!databaseAvailable())('W3, K7: a reported key on two instances sharing one Postgres database', () => {
  let db: TestDatabase
  withDatabase('secret_scanning_instances', (database) => (db = database))
  let keys: KeyListServer
  const instances: Instance[] = []

  async function start(build: AppBuilder) {
    const pool = testPool(db.url)
    const keyward = createKeyward({ stores: createPostgresStores({ pool, schema: db.schema }), failedAuthLimit: 0 })
    const app = await build({
      keyward,
      dashboard: { authorize: () => false },
      trustProxy: false,
      secretScanning: { keysUrl: keys.url },
    })
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
    instances.push({ keyward, app, pool, port: (app.server.address() as { port: number }).port })
  }

  beforeAll(async () => {
    keys = await startKeyListServer([[signing.id, signing.publicPem]])
    await start(buildExpressApp)
    await start(buildHonoApp)
  })
  afterAll(async () => {
    for (const { app, keyward, pool } of instances) {
      await app.close()
      await keyward.close()
      await pool.end()
    }
    await keys?.close()
  })

  const authTest = (instance: Instance, key: string) =>
    rawRequest(instance.port, {
      method: 'POST',
      path: '/api/v1/auth/test',
      headers: [['Authorization', `Bearer ${key}`]],
    })

  for (const [reporter, other] of [
    [0, 1],
    [1, 0],
  ] as const) {
    it(`reported to instance ${reporter + 1}, refused on both within one second`, async () => {
      const a = instances[reporter]!
      const b = instances[other]!
      const { key, record } = await a.keyward.keys.create({ name: `leaked through ${reporter + 1}` })
      expect((await authTest(a, key)).status).toBe(200)
      expect((await authTest(b, key)).status).toBe(200)

      const body = JSON.stringify([
        { token: key, type: 'svc_live_key', url: 'https://github.com/o/r', source: 'content' },
      ])
      const report = await rawRequest(a.port, {
        method: 'POST',
        path: '/secret-scanning/github',
        headers: signedHeaders(signing, body),
        body,
      })
      const reportedAt = Date.now()
      expect(report.status, report.body).toBe(200)
      expect(report.json()[0].label).toBe('true_positive')

      const [onOther, onReporter] = await Promise.all([authTest(b, key), authTest(a, key)])
      expect(Date.now() - reportedAt).toBeLessThan(1000)
      for (const refused of [onOther, onReporter]) {
        expect(refused.status, refused.body).toBe(401)
        expect(refused.json().error.code).toBe('API_KEY_REVOKED')
      }
      expect((await b.keyward.keys.get(record.id))?.status).toBe('revoked')
    })
  }
})
