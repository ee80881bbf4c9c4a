/** The dashboard's webhooks route: endpoints and recent deliveries, for an administrator only (W1). */
import { afterEach, describe, expect, it } from 'vitest'
import { createDashboard, createKeyward, type Keyward } from '../../src/index.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { newSecret, type Receiver, startReceiver } from './receiver.js'

let receiver: Receiver | undefined
let keyward: Keyward | undefined
afterEach(async () => {
  await keyward?.close()
  await receiver?.close()
})

function get(dashboard: ReturnType<typeof createDashboard>, path: string, query = '', who = 'admin') {
  return dashboard.handle({
    method: 'GET',
    path,
    query,
    headers: { authorization: `Bearer ${who}` },
    body: null,
    bodyTooLarge: false,
    requestId: '',
    ip: '127.0.0.1',
  })
}

describe('GET /webhooks on the dashboard', () => {
  it('shows an administrator the endpoints without secrets and each delivery with its status and attempts (W1)', async () => {
    receiver = await startReceiver()
    receiver.answers = [500]
    const secret = newSecret()
    keyward = createKeyward({
      stores: createMemoryStores(),
      webhooks: {
        endpoints: [{ url: receiver.url, secret, events: ['key.created'] }],
        firstRetryMs: 50,
        pollIntervalMs: 20,
      },
    })
    const dashboard = createDashboard(keyward, {
      authorize: (request) => {
        const token = String(request.headers.authorization).slice(7)
        return token === 'admin' ? true : token === 'owner' ? { ownerId: 'acct_1' } : false
      },
      failedAuthLimit: 0,
    })
    await keyward.keys.create({ name: 'watched' })
    await receiver.waitFor(2)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const response = await get(dashboard, '/webhooks')
    expect(response.status).toBe(200)
    const { data } = JSON.parse(response.body!)
    expect(data.endpoints).toEqual([{ url: receiver.url, events: ['key.created'] }])
    expect(response.body).not.toContain(secret.slice(6))
    expect(data.deliveries).toEqual([
      expect.objectContaining({
        eventType: 'key.created',
        url: receiver.url,
        state: 'delivered',
        attempts: 2,
        lastStatus: 204,
      }),
    ])
    expect((await get(dashboard, '/webhooks', '', 'owner')).status).toBe(403)
    const bad = await get(dashboard, '/webhooks', 'limit=0')
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body!).error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^limit/),
    })
  })
})
