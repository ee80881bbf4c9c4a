import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ERROR_STATUS } from '../../src/core/messages.js'
import { AUTH, dashboardRequest, setup, show } from './support.js'

const anyValue = fc.anything({ maxDepth: 2, withNullPrototype: true })

/** Values that pass each field rule, so some runs create keys. */
const validFields = fc.record(
  {
    name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((n) => n.trim() !== ''),
    sandbox: fc.boolean(),
    expiresAt: fc.oneof(
      fc.constant(null),
      fc
        .date({ noInvalidDate: true, min: new Date('2026-02-01'), max: new Date('2100-01-01') })
        .map((d) => d.toISOString()),
    ),
    scopes: fc.oneof(
      fc.constant(null),
      fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9:._-]{0,8}$/), { maxLength: 50 }),
    ),
    limits: fc.oneof(
      fc.constant(null),
      fc.record({ perMinute: fc.integer({ min: 1 }), perMonth: fc.integer({ min: 1 }) }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: ['name'] },
)

/** Values that may break any rule: wrong types, past dates, odd strings, unknown fields, `__proto__`. */
const wildFields = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 110 }), anyValue),
    sandbox: fc.oneof(fc.boolean(), anyValue),
    expiresAt: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constant(null),
      fc.integer(),
      fc.string(),
      anyValue,
    ),
    scopes: fc.oneof(
      fc.constant(null),
      fc.array(fc.stringMatching(/^[a-z][a-z0-9:._-]{0,8}$/), { maxLength: 60 }),
      fc.array(fc.string(), { maxLength: 5 }),
      anyValue,
    ),
    limits: fc.oneof(
      fc.constant(null),
      fc.record(
        { perMinute: fc.oneof(fc.integer(), fc.double(), anyValue), perMonth: fc.oneof(fc.integer(), anyValue) },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 3 }),
      anyValue,
    ),
    proto: fc.record({ polluted: fc.constant(true), name: fc.string() }, { requiredKeys: [] }),
    extra: anyValue,
  },
  { requiredKeys: [] },
)

const objectBodies = fc
  .oneof(validFields, wildFields)
  // A literal `__proto__` key would set the generator's prototype; write it into the JSON text instead.
  .map((value) => (JSON.stringify(value) ?? 'null').replace('"proto":', '"__proto__":'))

const bodies = fc.oneof(
  { arbitrary: objectBodies, weight: 6 },
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.constant(null),
)

const contentTypes = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 4 },
  { arbitrary: fc.constant('application/json; charset=utf-8'), weight: 4 },
  fc.constant(undefined),
  fc.constantFrom('text/plain', 'application/json; charset=latin1', 'APPLICATION/JSON'),
  fc.string({ maxLength: 40 }),
)

describe('POST /api-keys with arbitrary bodies (E5, R1, K3)', () => {
  it('E5/R1: never a 5xx; a 201 holds a key and its record, anything else is a well-formed 400/413 envelope', async () => {
    const t = setup()
    const seen = new Map<number, number>()
    const tooLarge = fc.integer({ min: 0, max: 9 }).map((n) => n === 0)
    await fc.assert(
      fc.asyncProperty(bodies, contentTypes, tooLarge, async (body, contentType, bodyTooLarge) => {
        const request = dashboardRequest({
          method: 'POST',
          path: '/api-keys',
          headers: { authorization: AUTH, 'content-type': contentType },
          body,
          bodyTooLarge,
        })
        const response = await t.dashboard.handle(request)
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1)
        expect(response.status, show(response)).toBeLessThan(500)
        expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8')
        expect(response.headers['X-Request-ID']).toBe(request.requestId)
        const parsed = JSON.parse(response.body)
        if (response.status === 201) {
          expect(bodyTooLarge).toBe(false)
          expect(Object.keys(parsed).sort()).toEqual(['data', 'meta'])
          expect(parsed.data.key).toMatch(/^svc_(live|test)_[0-9A-Za-z]{38}$/)
          expect(parsed.data.maskedKey.endsWith(parsed.data.key.slice(-4))).toBe(true)
          return
        }
        expect([400, 413], show(response)).toContain(response.status)
        expect(Object.keys(parsed)).toEqual(['error'])
        expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message'])
        expect(ERROR_STATUS[parsed.error.code as keyof typeof ERROR_STATUS]).toBe(response.status)
        expect(parsed.error.message.length).toBeGreaterThan(0)
        expect(response.body).not.toMatch(/svc_(live|test)_[0-9A-Za-z]{38}/)
        expect(Object.prototype).not.toHaveProperty('polluted')
      }),
      { numRuns: 500 },
    )
    // The generator must reach both sides of the field rules, not only the JSON parser.
    expect(seen.get(201) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(20)
    expect(seen.get(400) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(100)
    expect(seen.get(413) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(5)
  })
})
