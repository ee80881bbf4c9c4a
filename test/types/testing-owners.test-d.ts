/**
 * `keyward/testing` types for owner-aware handlers (O1–O3): the issue helpers take `ownerId` and
 * `meta`, and `apiKeyFor()` gives the context a handler gets. Canaries fail the run if type
 * checking silently stopped.
 */
import { describe, expectTypeOf, test } from 'vitest'
import { createTestKeyward } from '../../src/testing.js'
import type { ApiKeyContext, ApiKeyRecord, KeyMeta } from '../../src/core/types.js'

const t = createTestKeyward()

describe('keyward/testing', () => {
  test('issueTestKey and issueLiveKey take ownerId and meta; the record carries them', () => {
    expectTypeOf(t.issueTestKey).toBeCallableWith({ ownerId: 'acct_42', meta: { plan: 'pro' } })
    expectTypeOf(t.issueLiveKey).toBeCallableWith({ ownerId: null, meta: null })
    expectTypeOf<ApiKeyRecord['ownerId']>().toEqualTypeOf<string | null>()
    expectTypeOf<ApiKeyRecord['meta']>().toEqualTypeOf<KeyMeta | null>()
  })

  test('apiKeyFor() resolves to the context handlers get, with ownerId and meta', () => {
    expectTypeOf(t.apiKeyFor).returns.resolves.toEqualTypeOf<ApiKeyContext>()
    expectTypeOf<ApiKeyContext['ownerId']>().toEqualTypeOf<string | null>()
    expectTypeOf<ApiKeyContext['meta']>().toEqualTypeOf<KeyMeta | null>()
  })

  test('canary: ownerId is a string or null', () => {
    // @ts-expect-error an owner id is a string
    void t.issueTestKey({ ownerId: 42 })
  })
})
