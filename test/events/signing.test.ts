import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { postSigned } from '../../src/events/post.js'
import { webhookSecretBytes } from '../../src/core/webhook-options.js'
import { newSecret, type Receiver, startReceiver } from './receiver.js'

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

describe('Standard Webhooks signing (W1)', () => {
  it('a POST that the standardwebhooks package verifies with the endpoint secret (W1)', async () => {
    receiver = await startReceiver()
    const secret = newSecret()
    const body = JSON.stringify({ type: 'key.created', timestamp: new Date().toISOString(), data: { keyId: 'key_1' } })
    const result = await postSigned({ url: receiver.url, key: webhookSecretBytes(secret)!, id: 'msg_abc', body }, 2000)
    expect(result).toEqual({ ok: true, status: 204, error: null })
    const [got] = await receiver.waitFor(1)
    expect(got!.headers['webhook-id']).toBe('msg_abc')
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/)
    expect(got!.headers['content-type']).toBe('application/json')
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toEqual(JSON.parse(body))
  })

  it('another secret fails verification (W1)', async () => {
    receiver = await startReceiver()
    const body = '{"type":"key.revoked"}'
    await postSigned({ url: receiver.url, key: webhookSecretBytes(newSecret())!, id: 'msg_x', body }, 2000)
    const [got] = await receiver.waitFor(1)
    expect(() => new Webhook(newSecret()).verify(got!.body, got!.headers)).toThrow(/signature/i)
  })

  it('accepts only whsec_ secrets of 24 to 64 bytes (W1)', () => {
    expect(webhookSecretBytes(newSecret())).toHaveLength(32)
    expect(webhookSecretBytes('secret')).toBeUndefined()
    expect(webhookSecretBytes(`whsec_${Buffer.alloc(8).toString('base64')}`)).toBeUndefined()
    expect(webhookSecretBytes('whsec_not base64!')).toBeUndefined()
  })

  it('a redirect, a 500 and no answer within the timeout are failures with the reason (W1)', async () => {
    receiver = await startReceiver()
    receiver.answers = [{ redirect: 'http://127.0.0.1:1/elsewhere' }, 500, 'hang']
    const message = { url: receiver.url, key: webhookSecretBytes(newSecret())!, id: 'msg_r', body: '{}' }
    expect(await postSigned(message, 2000)).toEqual({
      ok: false,
      status: 307,
      error: 'redirect (307) not followed',
    })
    expect(await postSigned(message, 2000)).toEqual({ ok: false, status: 500, error: 'answered 500' })
    const started = Date.now()
    expect(await postSigned(message, 300)).toEqual({
      ok: false,
      status: null,
      error: 'no answer within 300 ms',
    })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(receiver.received).toHaveLength(3)
  })
})
