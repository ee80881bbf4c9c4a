/**
 * The types of `client.whoami()` (O10): its options, its result, and the canary that the key's
 * meta is not part of what the key holder gets (O2). The `@ts-expect-error` lines fail the run if
 * type checking silently stopped.
 */
import { describe, expectTypeOf, test } from 'vitest'
import {
  createClient,
  type KeywardClient,
  type KeyType,
  type WhoamiData,
  type WhoamiOptions,
  type WhoamiResult,
} from '../../src/client/index.js'
import { generateKey } from '../../src/core/key-format.js'

describe('keyward/client whoami()', () => {
  test('takes optional { signal, path } and resolves to the envelope of WhoamiData', () => {
    expectTypeOf<KeywardClient['whoami']>().parameters.toEqualTypeOf<[options?: WhoamiOptions]>()
    expectTypeOf<KeywardClient['whoami']>().returns.resolves.toEqualTypeOf<WhoamiResult>()
    expectTypeOf<WhoamiOptions['path']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<WhoamiOptions['signal']>().toEqualTypeOf<AbortSignal | undefined>()
    expectTypeOf<WhoamiResult['data']>().toEqualTypeOf<WhoamiData>()
    expectTypeOf<WhoamiResult['meta']['timestamp']>().toEqualTypeOf<string>()
  })

  test('WhoamiData is exactly the key id, name, type, owner, scopes and expiry (O1, O10)', () => {
    expectTypeOf<WhoamiData>().toEqualTypeOf<{
      keyId: string
      name: string
      keyType: KeyType
      ownerId: string | null
      scopes: string[]
      expiresAt: string | null
    }>()
  })

  test('canary: no meta on whoami data, and path is a string', () => {
    const data = {} as WhoamiData
    // @ts-expect-error the key's meta never reaches the key holder
    expectTypeOf(data.meta).toBeUnknown()
    const client = createClient({ apiKey: generateKey('live'), baseUrl: 'https://api.example.com' })
    // @ts-expect-error path is a string
    void client.whoami({ path: 1 })
  })
})
