/**
 * W3 with K7: a key GitHub reports through the secret scanning endpoint of one instance is refused
 * on every instance sharing the Redis store within one second, including one that had just
 * admitted it. Two reference apps (Express and Fastify), each with its own keyward, client and
 * Redis stores, on one Redis.
 */
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildExpressApp } from '../../server/app-express.js'
import { buildFastifyApp } from '../../server/app-fastify.js'
import type { AppBuilder, BuiltApp } from '../../server/app.js'
import { createKeyward, type Keyward } from '../../src/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { rawRequest } from '../adapters/support/raw-http.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { type KeyListServer, makeSigningKey, signedHeaders, startKeyListServer } from '../secret-scanning/github.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('secret-scanning')
const signing = makeSigningKey('instances-key')

interface Instance {
  keyward: Keyward
  app: BuiltApp
  port: number
}

describe.skipIf(url === null)('W3, K7: a reported key on two instances sharing one Redis', () => {
  let keys: KeyListServer
  let io: Redis
  let nodeRedis: Awaited<ReturnType<typeof nodeRedisClient>>
  const instances: Instance[] = []

  async function start(build: AppBuilder, client: Parameters<typeof createRedisStores>[0]['client']) {
    const keyward = createKeyward({ stores: createRedisStores({ client, prefix }), failedAuthLimit: 0 })
    const app = await build({
      keyward,
      dashboard: { authorize: () => false },
      trustProxy: false,
      secretScanning: { keysUrl: keys.url },
    })
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
    const instance = { keyward, app, port: (app.server.address() as { port: number }).port }
    instances.push(instance)
    return instance
  }

  beforeAll(async () => {
    keys = await startKeyListServer([[signing.id, signing.publicPem]])
    io = await ioredisClient(url!)
    nodeRedis = await nodeRedisClient(url!)
    await start(buildExpressApp, io)
    await start(buildFastifyApp, nodeRedis)
  })
  afterAll(async () => {
    for (const { app, keyward } of instances) {
      await app.close()
      await keyward.close()
    }
    await io?.quit()
    await nodeRedis?.quit()
    await keys?.close()
    await deletePrefix(url!, prefix)
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
      const { key } = await a.keyward.keys.create({ name: `leaked through ${reporter + 1}` })
      // Both instances have just admitted the key: whatever they keep of it must not outlive the revocation.
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
    })
  }
})
