/**
 * L3, M8: the IETF RateLimit fields, written as each draft writes them (as express-rate-limit's
 * `standardHeaders` does), read from real responses of an Express app over HTTP. draft-6 and
 * draft-7 are read with ratelimit-header-parser, the parser clients use; its published version
 * reads no draft-8, so the draft-8 fields are read as the structured fields (RFC 8941) they are.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { parseRateLimit } from 'ratelimit-header-parser'
import { afterEach, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { createKeyward, type KeywardOptions } from '../../src/index.js'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** An Express app with keyward, a sandbox key, and `count` requests made with it: the last response. */
async function lastResponse(options: KeywardOptions, count: number): Promise<Response> {
  const keyward = createKeyward(options)
  const api = keywardExpress(keyward)
  api.get('/api/v1/hello', (_req, res) => res.json({ data: 'hello' }))
  const app = express()
  app.use(api)
  const server = createServer(app)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { key } = await keyward.keys.create({ name: 'ietf', sandbox: true })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/hello`
  let response: Response | undefined
  for (let i = 0; i < count; i++) {
    response = await fetch(url, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(200)
  }
  return response!
}

/** Epoch seconds of 00:00 UTC on the 1st of next month: when a monthly quota resets. */
function nextMonthStart(): number {
  const now = new Date()
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000
}

function monthSeconds(): number {
  const now = new Date()
  return nextMonthStart() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000
}

/** Seconds from now to a parsed reset. */
function secondsUntil(reset: Date | undefined): number {
  return Math.round(((reset?.getTime() ?? Number.NaN) - Date.now()) / 1000)
}

/** A strict reading of an RFC 8941 List of String items whose parameters are Integers. */
function structuredList(field: string | null): { name: string; params: Record<string, number> }[] {
  expect(field).not.toBeNull()
  return field!.split(', ').map((member) => {
    const match = /^"([a-z0-9_-]+)"((?:;[a-z][a-z0-9_.*-]*=-?\d{1,15})+)$/.exec(member)
    expect(match, `not a String item with Integer parameters: ${member}`).not.toBeNull()
    const pairs = match![2]!
      .slice(1)
      .split(';')
      .map((pair) => pair.split('='))
    const params = Object.fromEntries(pairs.map(([name, value]) => [name!, Number(value)]))
    return { name: match![1]!, params }
  })
}

describe('ietfRateLimitHeaders (L3, M8)', () => {
  it('M8: draft-6 → RateLimit-Policy and RateLimit-Limit/-Remaining/-Reset, read right by ratelimit-header-parser', async () => {
    const response = await lastResponse({ ietfRateLimitHeaders: 'draft-6' }, 3)
    expect(response.headers.get('ratelimit-policy')).toBe(`10;w=60, 1000;w=${monthSeconds()}`)
    expect(response.headers.get('ratelimit')).toBeNull()
    const parsed = parseRateLimit(response)
    expect(parsed).toMatchObject({ limit: 10, remaining: 7, used: 3 })
    expect(secondsUntil(parsed?.reset)).toBeGreaterThanOrEqual(57)
    expect(secondsUntil(parsed?.reset)).toBeLessThanOrEqual(61)
  })

  it('M8: true means draft-6, as in express-rate-limit', async () => {
    const response = await lastResponse({ ietfRateLimitHeaders: true }, 1)
    expect(response.headers.get('ratelimit-remaining')).toBe('9')
    expect(response.headers.get('ratelimit')).toBeNull()
    expect(parseRateLimit(response)).toMatchObject({ limit: 10, remaining: 9 })
  })

  it('M8: draft-7 → one combined RateLimit field and RateLimit-Policy, read right by ratelimit-header-parser', async () => {
    const response = await lastResponse({ ietfRateLimitHeaders: 'draft-7' }, 4)
    expect(response.headers.get('ratelimit')).toMatch(/^limit=10, remaining=6, reset=\d+$/)
    expect(response.headers.get('ratelimit-policy')).toBe(`10;w=60, 1000;w=${monthSeconds()}`)
    expect(response.headers.get('ratelimit-limit')).toBeNull()
    const parsed = parseRateLimit(response)
    expect(parsed).toMatchObject({ limit: 10, remaining: 6, used: 4 })
    expect(secondsUntil(parsed?.reset)).toBeGreaterThanOrEqual(57)
    expect(secondsUntil(parsed?.reset)).toBeLessThanOrEqual(61)
  })

  it.each(['draft-6', 'draft-7'] as const)(
    'M8: %s describes the window closest to refusing: the monthly quota when it has fewer left',
    async (draft) => {
      const limits = { test: { perMinute: 10, perMonth: 5 } }
      const response = await lastResponse({ ietfRateLimitHeaders: draft, limits }, 3)
      const parsed = parseRateLimit(response)
      expect(parsed).toMatchObject({ limit: 5, remaining: 2 })
      expect(Math.abs(secondsUntil(parsed?.reset) - (nextMonthStart() - Date.now() / 1000))).toBeLessThanOrEqual(2)
    },
  )

  it('M8: draft-8 → named policies "minute" and "month" in RateLimit-Policy and RateLimit, as structured field lists', async () => {
    const response = await lastResponse({ ietfRateLimitHeaders: 'draft-8' }, 2)
    expect(structuredList(response.headers.get('ratelimit-policy'))).toEqual([
      { name: 'minute', params: { q: 10, w: 60 } },
      { name: 'month', params: { q: 1000, w: monthSeconds() } },
    ])
    const [minute, month] = structuredList(response.headers.get('ratelimit'))
    expect([minute?.name, minute?.params.r, month?.name, month?.params.r]).toEqual(['minute', 8, 'month', 998])
    expect(minute?.params.t).toBeGreaterThanOrEqual(57)
    expect(minute?.params.t).toBeLessThanOrEqual(60)
    expect(Math.abs(month!.params.t! - (nextMonthStart() - Date.now() / 1000))).toBeLessThanOrEqual(2)
    expect(response.headers.get('ratelimit-limit')).toBeNull()
  })

  it('M8: a live key without a monthly quota gets the minute policy only (draft-8)', async () => {
    const keyward = createKeyward({ ietfRateLimitHeaders: 'draft-8' })
    const { key } = await keyward.keys.create({ name: 'live' })
    const decision = await keyward.authenticate({ authorization: `Bearer ${key}`, method: 'GET', path: '/api/v1/x' })
    if (!decision.ok) throw new Error(decision.response.body)
    expect(decision.headers['RateLimit-Policy']).toBe('"minute";q=1000;w=60')
    expect(decision.headers.RateLimit).toMatch(/^"minute";r=999;t=\d+$/)
  })

  it('M8: no IETF fields unless asked: false and undefined send only X-RateLimit-*', async () => {
    for (const value of [false, undefined]) {
      const response = await lastResponse(value === undefined ? {} : { ietfRateLimitHeaders: value }, 1)
      const names: string[] = []
      response.headers.forEach((_value, name) => {
        names.push(name)
      })
      expect(names.filter((name) => name.startsWith('ratelimit'))).toEqual([])
      expect(response.headers.get('x-ratelimit-remaining')).toBe('9')
    }
  })

  const BAD_VALUES: [unknown][] = [['draft-9'], ['Draft-7'], ['yes'], [1], [null]]
  it.each(BAD_VALUES)('M8: ietfRateLimitHeaders %j → a TypeError naming the option and the drafts', (value) => {
    const message =
      'keyward: option "ietfRateLimitHeaders" must be "draft-6", "draft-7", "draft-8", true (draft-6) or false (got '
    const create = () => createKeyward({ ietfRateLimitHeaders: value as never })
    expect(create).toThrow(TypeError)
    expect(create).toThrow(message)
  })
})
