/**
 * keyward/fetch's types: a wrapped handler sees the key as present, a public one as undefined; the
 * server's own arguments reach the handler typed as it declares them; `handle()` and `notFound()`
 * may return undefined, so a host falls back with `??`. The `@ts-expect-error` lines are canaries.
 */
import { describe, expectTypeOf, test } from 'vitest'
import { type FetchOptions, type KeywardFetch, keywardFetch, type WrappedHandler } from '../../adapters/fetch.js'
import { type ApiKeyContext, createKeyward, type Keyward } from '../../src/keyward.js'

const guard = keywardFetch(createKeyward())

describe('keyward/fetch', () => {
  test('keywardFetch takes a keyward instance and the fetch options', () => {
    expectTypeOf(keywardFetch).parameters.toEqualTypeOf<[keyward: Keyward, options?: FetchOptions]>()
    expectTypeOf(keywardFetch).returns.toEqualTypeOf<KeywardFetch>()
  })

  test('a wrapped handler sees the key as present; a public one sees none', () => {
    const wrapped = guard.wrap((_request, { apiKey }) => {
      expectTypeOf(apiKey).toEqualTypeOf<ApiKeyContext>()
      return Response.json({ owner: apiKey.ownerId })
    })
    expectTypeOf(wrapped).toEqualTypeOf<WrappedHandler>()
    guard.wrap(
      (_request, { apiKey }) => {
        expectTypeOf(apiKey).toEqualTypeOf<undefined>()
        return new Response(null)
      },
      { public: true },
    )
  })

  test('the server’s arguments reach the handler as it declares them', () => {
    guard.wrap((_request, _context, server: { requestIP(request: Request): { address: string } | null }) => {
      expectTypeOf(server.requestIP).returns.toEqualTypeOf<{ address: string } | null>()
      return new Response(null)
    })
  })

  test('handle() and notFound() may answer nothing', () => {
    expectTypeOf(guard.handle(new Request('http://localhost/'))).toEqualTypeOf<Promise<Response> | undefined>()
    expectTypeOf(guard.notFound(new Request('http://localhost/'))).toEqualTypeOf<Promise<Response> | undefined>()
  })

  test('canary: mistakes are type errors', () => {
    // @ts-expect-error a public handler gets no key to read
    guard.wrap((_request, { apiKey }) => Response.json(apiKey.ownerId), { public: true })
    // @ts-expect-error clientAddress is a function of the request
    keywardFetch(createKeyward(), { clientAddress: '127.0.0.1' })
    // @ts-expect-error scopes is a list of scope names
    guard.wrap(() => new Response(null), { scopes: 'ip' })
  })
})
