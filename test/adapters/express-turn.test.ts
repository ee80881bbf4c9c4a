/**
 * keyward/express on stores that answer synchronously (memory): the requests admitted in one
 * event-loop turn go on together once the turn has read them all, each by itself. Usage (L4a),
 * errors (R2, R5) and responses are as they would be one request at a time. Requests are
 * dispatched with light-my-request, several in one turn as a poll of the sockets delivers them.
 */
import express from 'express'
import inject from 'light-my-request'
import { describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { recordingKeyward } from './support/recording-keyward.js'

async function app() {
  const { keyward, key, events } = await recordingKeyward()
  const api = keywardExpress(keyward, { onError: () => undefined })
  const server = express()
  server.use(api)
  server.get('/api/v1/echo', api.protect(), (req, res) => {
    events.push('handler')
    if (req.headers['x-fail'] === '1') throw new Error('handler failed')
    res.json({ data: { keyType: req.apiKey!.keyType } })
  })
  server.use(api.notFound, api.errorHandler)
  return { server, keyward, key, events }
}

const request = (key: string | null, headers: Record<string, string> = {}) => ({
  method: 'GET' as const,
  url: '/api/v1/echo',
  headers: key ? { authorization: `Bearer ${key}`, ...headers } : headers,
})

describe('keyward/express: requests admitted in one event-loop turn', () => {
  it('go on together after the turn: every request of the turn is authenticated before any handler runs', async () => {
    const { server, key, events } = await app()
    // Dispatched in one turn, as requests read in one poll of the sockets are.
    const answers = await Promise.all(
      [1, 2, 3].map(() => inject(server, request(key))),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect(events).toEqual(['authenticate', 'authenticate', 'authenticate', 'handler', 'handler', 'handler'])
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(3)
    expect(answers.map((a) => a.headers['x-ratelimit-remaining']).sort()).toEqual(['997', '998', '999'])
  })

  it('R2/R5/L4a: a handler that throws fails only its own request; every admitted request is recorded with its status', async () => {
    const { server, keyward, key } = await app()
    const [failed, ok] = await Promise.all([inject(server, request(key, { 'x-fail': '1' })), inject(server, request(key))])
    expect(failed.statusCode).toBe(500)
    expect(failed.json().error.code).toBe('INTERNAL_ERROR')
    expect(failed.headers['x-request-id']).toMatch(/^req_/)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ data: { keyType: 'live' } })
    const usage = await keyward.queryUsage({ limit: 10 })
    expect(usage.map((entry) => entry.status).sort()).toEqual([200, 500])
  })

  it('H2: a refused request is answered at once and never reaches the handler', async () => {
    const { server, key, events } = await app()
    const [refused, admitted] = await Promise.all([inject(server, request(null)), inject(server, request(key))])
    expect(refused.statusCode).toBe(401)
    expect(refused.json().error.code).toBe('UNAUTHORIZED')
    expect(admitted.statusCode).toBe(200)
    expect(events).toEqual(['authenticate', 'handler'])
  })
})
