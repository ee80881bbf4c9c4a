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
import type { AppBuilder } from '../../server/app.js'
import { createKeyward } from '../../src/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import {
  type KeyListServer,
  makeSigningKey,
  malleated,
  signedHeaders,
  startKeyListServer,
} from '../secret-scanning/github.js'
import {
  expectReportRefusedEverywhere,
  type Instance,
  send,
  signedReport,
  startInstance,
} from '../secret-scanning/instances.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('secret-scanning')
const signing = makeSigningKey('instances-key')

describe.skipIf(url === null)('W3, K7: a reported key on two instances sharing one Redis', () => {
  let keys: KeyListServer
  let io: Redis
  let nodeRedis: Awaited<ReturnType<typeof nodeRedisClient>>
  const instances: Instance[] = []

  async function start(build: AppBuilder, client: Parameters<typeof createRedisStores>[0]['client']) {
    const keyward = createKeyward({ stores: createRedisStores({ client, prefix }), failedAuthLimit: 0 })
    instances.push(await startInstance(build, keyward, keys.url))
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

  for (const [reporter, other] of [
    [0, 1],
    [1, 0],
  ] as const) {
    it(`reported to instance ${reporter + 1}, refused on both within one second`, async () => {
      await expectReportRefusedEverywhere(
        instances[reporter]!,
        instances[other]!,
        signing,
        `leaked through ${reporter + 1}`,
      )
    })
  }

  it('W3: with notify, a report replayed to the other instance tells nobody again', async () => {
    const told: string[] = []
    const onLeaked = ({ keyId }: { keyId: string }) => {
      told.push(keyId)
    }
    const notifying = await Promise.all(
      [buildExpressApp, buildFastifyApp].map((build, i) =>
        startInstance(
          build,
          createKeyward({
            stores: createRedisStores({ client: i === 0 ? io : nodeRedis, prefix }),
            failedAuthLimit: 0,
          }),
          keys.url,
          { policy: 'notify', onLeaked },
        ),
      ),
    )
    instances.push(...notifying)
    const [a, b] = notifying as [Instance, Instance]
    const { key, record } = await a.keyward.keys.create({ name: 'leaked, notify' })
    const signed = signedReport(signing, key)
    expect((await send(a, signed)).status).toBe(200)
    const replayed = await send(b, signed)
    expect(replayed.status, replayed.body).toBe(200)
    expect(replayed.json()[0].label).toBe('true_positive')
    expect(told).toEqual([record.id])
    // B5: the same report signed anew, or with its signature malleated to (r, n−s), is the same report.
    const [, , signature] = signed.headers
    const malleatedCopy = {
      body: signed.body,
      headers: [...signed.headers.slice(0, 2), [signature![0], malleated(signature![1])]] as [string, string][],
    }
    expect((await send(b, malleatedCopy)).status).toBe(200)
    expect((await send(a, { body: signed.body, headers: signedHeaders(signing, signed.body) })).status).toBe(200)
    expect(told).toEqual([record.id])
    // A new report of the same key (found elsewhere) is a new report: it is told.
    expect((await send(b, signedReport(signing, key, 'https://github.com/o/other'))).status).toBe(200)
    expect(told).toEqual([record.id, record.id])
    expect((await a.keyward.keys.get(record.id))?.status).toBe('active')
  })
})
