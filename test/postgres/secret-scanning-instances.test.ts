/**
 * W3 with K7 on Postgres: a key GitHub reports through the secret scanning endpoint of one
 * instance is refused on every instance sharing the database within one second, including one that
 * had just admitted it. Two reference apps (Express and Hono), each with its own keyward and pool.
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExpressApp } from '../../server/app-express.js'
import { buildHonoApp } from '../../server/app-hono.js'
import type { AppBuilder } from '../../server/app.js'
import { createKeyward } from '../../src/index.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { databaseAvailable, type TestDatabase, testPool, withDatabase } from '../helpers/postgres.js'
import { type KeyListServer, makeSigningKey, startKeyListServer } from '../secret-scanning/github.js'
import { expectReportRefusedEverywhere, type Instance, startInstance } from '../secret-scanning/instances.js'

const signing = makeSigningKey('postgres-instances-key')

interface PooledInstance extends Instance {
  pool: pg.Pool
}

describe.skipIf(!databaseAvailable())('W3, K7: a reported key on two instances sharing one Postgres database', () => {
  let db: TestDatabase
  withDatabase('secret_scanning_instances', (database) => (db = database))
  let keys: KeyListServer
  const instances: PooledInstance[] = []

  async function start(build: AppBuilder) {
    const pool = testPool(db.url)
    const keyward = createKeyward({ stores: createPostgresStores({ pool, schema: db.schema }), failedAuthLimit: 0 })
    instances.push({ ...(await startInstance(build, keyward, keys.url)), pool })
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

  for (const [reporter, other] of [
    [0, 1],
    [1, 0],
  ] as const) {
    it(`reported to instance ${reporter + 1}, refused on both within one second`, async () => {
      const b = instances[other]!
      const id = await expectReportRefusedEverywhere(instances[reporter]!, b, signing, `leaked through ${reporter + 1}`)
      expect((await b.keyward.keys.get(id))?.status).toBe('revoked')
    })
  }
})
