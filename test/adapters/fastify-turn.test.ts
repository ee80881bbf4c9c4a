/**
 * keyward/fastify on stores that answer synchronously (memory): the requests admitted in one
 * event-loop turn go on together once the turn has read them all, each by itself. Usage (L4a),
 * errors (R2, R5) and responses are as they would be one request at a time.
 */
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { keywardFastify } from '../../adapters/fastify.js'
import { recordingKeyward } from './support/recording-keyward.js'

async function app() {
  const { keyward, key, events } = await recordingKeyward()
  const server = Fastify({ logger: false })
  await server.register(keywardFastify, { keyward, onError: () => undefined })
  server.get('/api/v1/echo', async (request) => {
    events.push('handler')
    if (request.headers['x-fail'] === '1') throw new Error('handler failed')
    return { data: { keyType: request.apiKey!.keyType } }
  })
  await server.ready()
  return { server, keyward, key, events }
}

describe('keyward/fastify: requests admitted in one event-loop turn', () => {
  it('go on together after the turn: every request of the turn is authenticated before any handler runs', async () => {
    const { server, key, events } = await app()
    const responses = await Promise.all(
      [1, 2, 3].map(() => server.inject({ method: 'GET', url: '/api/v1/echo', headers: { authorization: `Bearer ${key}` } })),
    )
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(events).toEqual(['authenticate', 'authenticate', 'authenticate', 'handler', 'handler', 'handler'])
    // L3: each answer has its own request id and its own count.
    expect(new Set(responses.map((r) => r.headers['x-request-id'])).size).toBe(3)
    expect(responses.map((r) => r.headers['x-ratelimit-remaining']).sort()).toEqual(['997', '998', '999'])
    await server.close()
  })

  it('R2/R5/L4a: a handler that throws fails only its own request; every admitted request is recorded with its status', async () => {
    const { server, keyward, key } = await app()
    const [failed, ok] = await Promise.all([
      server.inject({ method: 'GET', url: '/api/v1/echo', headers: { authorization: `Bearer ${key}`, 'x-fail': '1' } }),
      server.inject({ method: 'GET', url: '/api/v1/echo', headers: { authorization: `Bearer ${key}` } }),
    ])
    expect(failed.statusCode).toBe(500)
    expect(failed.json().error.code).toBe('INTERNAL_ERROR')
    expect(failed.headers['x-request-id']).toMatch(/^req_/)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ data: { keyType: 'live' } })
    const usage = await keyward.queryUsage({ limit: 10 })
    expect(usage.map((entry) => entry.status).sort()).toEqual([200, 500])
    expect(usage.map((entry) => entry.requestId).sort()).toEqual([failed.headers['x-request-id'], ok.headers['x-request-id']].sort())
    await server.close()
  })

  it('H2/L4: a refused request is answered at once and never waits for the turn', async () => {
    const { server, key, events } = await app()
    const [refused, admitted] = await Promise.all([
      server.inject({ method: 'GET', url: '/api/v1/echo' }),
      server.inject({ method: 'GET', url: '/api/v1/echo', headers: { authorization: `Bearer ${key}` } }),
    ])
    expect(refused.statusCode).toBe(401)
    expect(refused.json().error.code).toBe('UNAUTHORIZED')
    expect(admitted.statusCode).toBe(200)
    expect(events).toEqual(['authenticate', 'handler'])
    await server.close()
  })
})
