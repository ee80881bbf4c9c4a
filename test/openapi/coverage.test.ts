/**
 * Every response keyward can send is in the document it contributes (X1): every parity case
 * (test/adapters/cases.ts) runs against the reference server, and each status and each header
 * name seen must be declared by the reference server's document for that instance's settings
 * (the cases that start apps with other options, such as the IETF fields, are checked against
 * the document those options give). The web page (HTML for a browser) is outside the document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { referenceDocument } from '../../server/openapi.js'
import type { Keyward, OpenApiDocument } from '../../src/index.js'
import { createContext, makeSharedKeys, PARITY_CASES, type SharedKeys } from '../adapters/cases.js'
import type { Normalized } from '../adapters/support/check.js'
import { type Harness, type HarnessOptions, startHarness, TARGETS } from '../adapters/support/harness.js'
import type { RawRequest, RawResponse } from '../adapters/support/raw-http.js'
import { type Exchange, undescribed } from './support/described.js'

const FRAMEWORKS = TARGETS.filter((t) => ['express 5', 'fastify 5', 'hono 4 (node-server)'].includes(t.name))
/** The web page: HTML for a browser, not part of the API. */
const OUTSIDE = /^\/dashboard(?:[/?]|$)/

interface Seen extends Exchange {
  keyward: Keyward
}

function exchange(keyward: Keyward, request: RawRequest | null, response: RawResponse): Seen {
  return {
    keyward,
    method: request?.method ?? 'GET',
    target: request?.path ?? null,
    status: response.status,
    headers: Object.keys(response.headers),
  }
}

/** The harness with every exchange it makes kept in `seen`. */
function recording(h: Harness, seen: Seen[]): Harness {
  return {
    ...h,
    async send(request) {
      const response = await h.send(request)
      seen.push(exchange(h.keyward, request, response))
      return response
    },
  }
}

function problems(seen: readonly Seen[]): string[] {
  const documents = new Map<Keyward, OpenApiDocument>()
  const found = new Set<string>()
  for (const one of seen) {
    if (one.target !== null && OUTSIDE.test(one.target)) continue
    if (!documents.has(one.keyward)) documents.set(one.keyward, referenceDocument(one.keyward))
    const problem = undescribed(documents.get(one.keyward)!, one)
    if (problem !== null) found.add(problem)
  }
  return [...found]
}

for (const target of FRAMEWORKS) {
  describe(`every response of the parity cases on ${target.name} is in the document (X1)`, () => {
    const seen: Seen[] = []
    let h: Harness
    let keys: SharedKeys
    beforeAll(async () => {
      h = await startHarness(target)
      keys = await makeSharedKeys(h)
    })
    afterAll(async () => {
      await h?.close()
    })

    it('runs every case', async () => {
      for (const parityCase of PARITY_CASES) {
        const extra: Harness[] = []
        const startApp = async (options: HarnessOptions) => {
          const other = await startHarness(target, options)
          extra.push(other)
          return recording(other, seen)
        }
        const observed: Normalized[] = []
        const context = createContext(recording(h, seen), keys, observed, parityCase.name, startApp)
        const observe = context.observe
        context.observe = (response) => {
          seen.push(exchange(h.keyward, null, response))
          observe(response)
        }
        try {
          await parityCase.run(context)
        } finally {
          await Promise.all(extra.map((other) => other.close()))
        }
      }
      expect(seen.length).toBeGreaterThan(100)
    }, 120_000)

    it('finds each status and each header it saw declared', () => {
      expect(problems(seen)).toEqual([])
    })

    it('would report a header the document leaves out (the check is live)', () => {
      const limited = seen.find((one) => one.status === 429 && one.headers.includes('retry-after'))!
      const document = referenceDocument(limited.keyward)
      delete (document.components!.responses!.RateLimited!.headers as Record<string, unknown>)['Retry-After']
      expect(undescribed(document, limited)).toMatch(/Retry-After|retry-after/)
    })
  })
}
