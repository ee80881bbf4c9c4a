/**
 * A9, K3: a key sent in the path, percent-encoded as a client, a proxy or an attacker may spell it
 * (an encoded letter, encoded underscores in either case of hex, double and deeper encoding, every
 * character encoded, hidden behind `;` or `..`), never leaves keyward in full: not in decision
 * events, not in OpenTelemetry spans, not in usage entries. Real requests on every framework.
 */
import type { Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { keywardHono } from '../../adapters/hono.js'
import { maskKeysInPath } from '../../src/core/key-format.js'
import { createKeyward } from '../../src/keyward.js'
import { type Harness, startHarness, TARGETS } from '../adapters/support/harness.js'
import { rawRequest } from '../adapters/support/raw-http.js'
import { collectEvents, delivered } from './support/events.js'
import { exportedSpans, registerSdk, type TestSdk, unregisterSdk } from './support/sdk.js'

const hex = (c: string, upper: boolean) => `%${c.charCodeAt(0).toString(16)[upper ? 'toUpperCase' : 'toLowerCase']()}`
const encodeAll = (text: string) => [...text].map((c) => hex(c, true)).join('')

/** Spellings of a key in a path segment, each routed by some router to a reading that holds the key. */
function spellings(key: string, prefix: string): [string, string][] {
  const rest = key.slice(prefix.length + 6) // after `<prefix>_live_`
  const [first, tail] = [prefix[0]!, key.slice(1)]
  return [
    ['an encoded first letter', `${hex(first, false)}${tail}`],
    ['encoded underscores, upper-case hex', `${prefix}%5Flive%5F${rest}`],
    ['encoded underscores, lower-case hex', `${prefix}%5flive%5f${rest}`],
    ['double encoding', `%25${hex(first, false).slice(1)}${tail}`],
    ['triple encoding', `%2525${hex(first, true).slice(1)}${tail}`],
    ['five layers of encoding', `%25252525${hex(first, true).slice(1)}${tail}`],
    ['every character encoded', encodeAll(key)],
    ['behind a ;param', `a;${hex(first, false)}${tail}`],
    ['before a .. segment', `${prefix}%5Flive%5F${rest}/..`],
    ['split by an encoded NUL', `${key.slice(0, 20)}%00${key.slice(20)}`],
  ]
}

/** The 32 random characters: what must appear nowhere. */
const secretOf = (key: string) => key.slice(key.indexOf('_live_') + 6, -6)
const maskedOf = (key: string, prefix: string) => `${prefix}_live_****${key.slice(-4)}`

describe('A9: maskKeysInPath', () => {
  it.each(['svc', 'acme'])('A9: every spelling comes back decoded with the key masked (prefix %s)', (prefix) => {
    const key = `${prefix}_live_0123456789abcdefghijABCDEFGHIJkl${'mnQRST'}`
    for (const [name, spelling] of spellings(key, prefix)) {
      const shown = maskKeysInPath(`/api/v1/x/${spelling}`, prefix)
      expect({ name, shown, leaks: shown.includes(secretOf(key)) }).toEqual({
        name,
        shown: expect.stringContaining(maskedOf(key, prefix)),
        leaks: false,
      })
    }
  })

  it('A9: a path with no key in any reading comes back as it is, escapes included', () => {
    for (const path of ['/api/v1/ip/lookup', '/caf%C3%A9/a%2Fb', '/reports/go_live_now%20x', '/x/svc_other_abc'])
      expect(maskKeysInPath(path)).toBe(path)
  })

  it('A9: a key whose prefix a later layer of decoding eats is still masked (%7a + cme_live_… reads zcme_live_…)', () => {
    const key = 'acme_live_0123456789abcdefghijABCDEFGHIJklmnQRST'
    const shown = maskKeysInPath(`/x/%25257%61${key.slice(1)}`, 'acme')
    expect(shown).toBe('/x/zcme_live_****QRST')
  })

  it('A9: a path encoded more deeply than any router decodes is withheld, not shown', () => {
    const key = 'svc_live_0123456789abcdefghijABCDEFGHIJklmnQRST'
    const shown = maskKeysInPath(`/x/%${'25'.repeat(12)}73${key.slice(1)}`)
    expect(shown).not.toContain(secretOf(key))
    expect(shown).toMatch(/^\(path withheld/)
  })

  it('A9: the bound applies after masking, so a cut never shows part of a key', () => {
    const key = 'svc_live_0123456789abcdefghijABCDEFGHIJklmnQRST'
    // Cut first, then masked, this would show 4 of the random characters: `svc_live_****89ab`.
    expect(maskKeysInPath(`/${'a'.repeat(20)}/${key}`, 'svc', 43)).toBe(`/${'a'.repeat(20)}/svc_live_****QRST`)
  })
})

let sdk: TestSdk
beforeAll(() => {
  sdk = registerSdk()
})
afterAll(unregisterSdk)
beforeEach(() => sdk.reset())

const harnesses: Harness[] = []
const servers: Server[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()))
  for (const server of servers.splice(0)) server.close()
})

describe.each(TARGETS.map((t) => [t.name, t] as const))('%s', (_name, target) => {
  it.each(['svc', 'acme'])(
    'A9: a key in the path, however encoded, is masked in decision events and spans (prefix %s)',
    async (keyPrefix) => {
      const events = collectEvents()
      const h = await startHarness(target, { keyward: { keyPrefix, telemetry: events.hooks } })
      harnesses.push(h)
      const { key } = await h.keyward.keys.create({ name: 'in the path' })
      const sent = spellings(key, keyPrefix)
      for (const [, spelling] of sent)
        await h.send({ path: `/api/v1/x/${spelling}`, headers: [['Authorization', `Bearer ${key}`]] })
      await delivered()
      expect(events.decisions).toHaveLength(sent.length)
      const spans = exportedSpans(sdk.decisionSpans())
      const emitted = JSON.stringify([events.all(), spans])
      expect(emitted).not.toContain(secretOf(key))
      // Every event and span names the path, with the key masked (a key behind `..` stays in the text as sent).
      const paths = events.decisions.map((e) => e.path)
      const unmasked = paths.filter((p) => !p?.includes(maskedOf(key, keyPrefix)))
      // A Web Request's URL has its dot segments resolved: a key behind `..` is gone before keyward reads the path.
      const resolved = target.name.startsWith('fetch') ? ['/api/v1/x/'] : []
      expect(unmasked.filter((p) => !resolved.includes(p!))).toEqual([])
      expect(sdk.decisionSpans().map((s) => s.attributes['url.path'])).toEqual(paths)
    },
  )
})

describe('usage entries', () => {
  it.each(['svc', 'acme'])(
    'A9: a key in the path of a consuming request is masked in the usage entry (prefix %s)',
    async (keyPrefix) => {
      const keyward = createKeyward({ keyPrefix, failedAuthLimit: 0 })
      const app = new Hono()
      app.use(keywardHono(keyward))
      app.get('/api/v1/echo/*', (c) => c.json({ data: { ok: true } }))
      const server = createAdaptorServer({ fetch: app.fetch }) as Server
      servers.push(server)
      server.listen(0, '127.0.0.1')
      await once(server, 'listening')
      const port = (server.address() as AddressInfo).port
      const { key, record } = await keyward.keys.create({ name: 'in the path' })
      const sent = spellings(key, keyPrefix).filter(([name]) => name !== 'before a .. segment')
      const statuses: number[] = []
      for (const [, spelling] of sent) {
        statuses.push(
          (await rawRequest(port, { path: `/api/v1/echo/${spelling}`, headers: [['Authorization', `Bearer ${key}`]] }))
            .status,
        )
      }
      expect(statuses).toEqual(sent.map(() => 200))
      await new Promise((resolve) => setTimeout(resolve, 20))
      const entries = await keyward.queryUsage({ keyId: record.id, limit: 100 })
      expect(entries).toHaveLength(sent.length)
      expect(JSON.stringify(entries)).not.toContain(secretOf(key))
    },
  )
})
