/**
 * W2, W3: a key reported through the secret scanning endpoint sends `key.leaked` to the host's
 * webhook endpoints, signed as Standard Webhooks signs it, with what the report said and never
 * the key; under `revoke` the key's `key.revoked` follows.
 */
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { keywardFetch } from '../../adapters/fetch.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { newSecret, type Receiver, startReceiver } from '../events/receiver.js'
import { type KeyListServer, makeSigningKey, signedHeaders, startKeyListServer } from './github.js'

const signing = makeSigningKey('key-leaked-event')
let keys: KeyListServer
let receiver: Receiver
beforeAll(async () => {
  keys = await startKeyListServer([[signing.id, signing.publicPem]])
  receiver = await startReceiver()
})
afterAll(async () => {
  await keys?.close()
  await receiver?.close()
})

it.each(['revoke', 'notify'] as const)(
  'W2 W3: with policy %s, a reported key sends key.leaked to the webhooks',
  async (policy) => {
    const secret = newSecret()
    const keyward = createKeyward({
      stores: createMemoryStores(),
      webhooks: { endpoints: [{ url: receiver.url, secret, events: ['key.leaked', 'key.revoked'] }] },
    })
    const guard = keywardFetch(keyward, { secretScanning: { keysUrl: keys.url, policy } })
    const { key, record } = await keyward.keys.create({ name: 'leaky', ownerId: 'acct_leak' })
    const body = JSON.stringify([
      { token: key, type: 'svc_key', url: 'https://github.com/o/r/blob/x', source: 'content' },
    ])
    const request = new Request('http://localhost/secret-scanning/github', {
      method: 'POST',
      headers: signedHeaders(signing, body),
      body,
    })
    expect((await guard.handle(request))!.status).toBe(200)

    const hook = new Webhook(secret)
    const types = policy === 'revoke' ? ['key.leaked', 'key.revoked'] : ['key.leaked']
    const deadline = Date.now() + 10_000
    const mine = () =>
      receiver.received
        .filter((got) => got.body.includes(record.id))
        .map((got) => hook.verify(got.body, got.headers) as { type: string; data: Record<string, unknown> })
    while (mine().length < types.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(
      mine()
        .map((event) => event.type)
        .sort(),
    ).toEqual(types)
    const leaked = mine().find((event) => event.type === 'key.leaked')!
    expect(leaked.data).toMatchObject({
      keyId: record.id,
      ownerId: 'acct_leak',
      url: 'https://github.com/o/r/blob/x',
      source: 'content',
    })
    expect(receiver.received.some((got) => got.body.includes(key))).toBe(false)
    await keyward.close()
  },
)
