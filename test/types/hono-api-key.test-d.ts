/**
 * keyward/hono types `c.var.apiKey` as possibly undefined wherever keyward does not guarantee a key
 * (a public route, a route with no keyward handler, a bare `Context`), so `c.var.apiKey.ownerId`
 * does not compile where it would throw at run time; after `api.protect()`, inside `api.guard()`
 * and with `Context<KeywardEnv>` the key is typed as present. The `@ts-expect-error` lines are the
 * crashes the types now refuse: if they compiled again, the run would fail.
 */
import { type Context, Hono } from 'hono'
import { describe, expectTypeOf, test } from 'vitest'
import { type KeywardEnv, keywardHono } from '../../adapters/hono.js'
import { type ApiKeyContext, createKeyward } from '../../src/keyward.js'

const api = keywardHono(createKeyward())
const app = new Hono()

describe('keyward/hono: c.var.apiKey', () => {
  test('on an api.public() route it may be undefined: reading a field without a check does not compile', () => {
    app.get('/api/v1/status', api.public(), (c) => {
      expectTypeOf(c.var.apiKey).toEqualTypeOf<ApiKeyContext | undefined>()
      // @ts-expect-error the key is undefined on a public route: this would throw at run time
      const owner = c.var.apiKey.ownerId
      return c.json({ owner, checked: c.var.apiKey?.ownerId ?? null })
    })
  })

  test('on a route with no keyward handler, and on a bare Context, it may be undefined', () => {
    app.get('/health', (c) => {
      expectTypeOf(c.get('apiKey')).toEqualTypeOf<ApiKeyContext | undefined>()
      // @ts-expect-error nothing on this route guarantees a key
      return c.json({ owner: c.var.apiKey.ownerId })
    })
    const handler = (c: Context) => {
      // @ts-expect-error a bare Context carries no guarantee either
      return c.json({ owner: c.var.apiKey.ownerId })
    }
    expectTypeOf(handler).toBeFunction()
  })

  test('after api.protect(), inside api.guard() and with Context<KeywardEnv> it is present', () => {
    app.get('/api/v1/reports', api.protect({ scopes: ['reports:read'] }), (c) => {
      expectTypeOf(c.var.apiKey).toEqualTypeOf<ApiKeyContext>()
      expectTypeOf(c.get('apiKey')).toEqualTypeOf<ApiKeyContext>()
      return c.json({ owner: c.var.apiKey.ownerId })
    })
    app.get(
      '/api/v1/me',
      api.guard((c) => {
        expectTypeOf(c.var.apiKey).toEqualTypeOf<ApiKeyContext>()
        return c.json({ owner: c.var.apiKey.ownerId })
      }),
    )
    const typed = (c: Context<KeywardEnv>) => c.json({ owner: c.var.apiKey.ownerId })
    app.get('/api/v1/typed', api.protect(), typed)
    expectTypeOf<Parameters<typeof typed>[0]['var']['apiKey']>().toEqualTypeOf<ApiKeyContext>()
  })
})
