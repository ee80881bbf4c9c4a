/**
 * M6 in the batch script: requests of one key sent in one turn from allowed and other client
 * addresses are decided one by one, so a request from another address is never decided from an
 * allowed one before it (the hot key), and counts nothing (L4a), in one round trip (P1).
 */
import { describe, expect, inject, it } from 'vitest'
import { createKeyward } from '../../src/keyward.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)('Redis batch script: client addresses (M6)', () => {
  it('M6/P1: a turn of one key from allowed and other addresses admits exactly the allowed ones and counts only them', async () => {
    const client = await ioredisClient(url!)
    const keyward = createKeyward({
      stores: createRedisStores({ client: client as never, prefix: uniquePrefix('address-batch'), coalesce: true }),
      failedAuthLimit: 0,
    })
    const { key } = await keyward.keys.create({ name: 'office only', allowedIps: ['10.0.0.0/8', '2001:db8::/32'] })
    const addresses = [
      '10.0.0.1',
      '10.0.0.1',
      '192.0.2.1',
      '10.0.0.1',
      '::ffff:10.1.1.1',
      '2001:db9::1',
      null,
      '2001:db8::7',
    ]
    const decisions = await Promise.all(
      addresses.map((ip) => keyward.authenticate({ authorization: `Bearer ${key}`, ip })),
    )
    const seen = decisions.map((d) =>
      d.ok ? `ok ${d.apiKey.limits.minute.remaining}` : `${d.response.status} ${d.error.code}`,
    )
    expect(seen).toEqual([
      'ok 999',
      'ok 998',
      '403 forbidden',
      'ok 997',
      'ok 996',
      '403 forbidden',
      '403 forbidden',
      'ok 995',
    ])
    const refused = decisions.find((d) => !d.ok)
    expect(refused?.ok === false && refused.error.message).toMatch(/^This API key is not allowed from this address/)
    await keyward.close()
    client.disconnect()
  })
})
