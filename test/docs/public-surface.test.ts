/**
 * The public surface (issue 39, item 6). The root entry exports only what a host calls, so a rename
 * inside keyward is not a breaking change; an export added by accident fails here. (That the
 * emitted declarations carry no rule ids is checked on the packed build, in packed-package.test.ts.)
 */
import { describe, expect, it } from 'vitest'
import * as root from '../../src/index.js'

/** Every runtime name of `keyward`, sorted. Adding one is a decision: make it here, on purpose. */
const ROOT_EXPORTS = [
  'KEY_PATTERN',
  'KeyInputError',
  'KeyNotFoundError',
  'KeyRevokedError',
  'KeywardError',
  'MAX_META_BYTES',
  'OWNER_ID_PATTERN',
  'SCOPE_PATTERN',
  'StoreTimeoutError',
  'bearerTokenGuard',
  'checkKey',
  'createDashboard',
  'createKeyward',
  'createMemoryAuditLog',
  'createMemoryKeyStore',
  'createMemoryRateLimiter',
  'createMemoryStores',
  'createMemoryUsageLog',
  'errorResponse',
  'generateKey',
  'isWellFormedKey',
  'keyPattern',
  'maskKey',
  'maskKeysIn',
  'maskKeysInPath',
  'parseAuthorization',
  'parseKey',
  'successResponse',
]

describe('the root entry (issue 39)', () => {
  it('exports exactly the pinned runtime names, at most 40', () => {
    expect(Object.keys(root).sort()).toEqual(ROOT_EXPORTS)
    expect(ROOT_EXPORTS.length).toBeLessThanOrEqual(40)
  })

  it('keeps the pinned list sorted, so a diff shows the one name added or removed', () => {
    expect([...ROOT_EXPORTS].sort()).toEqual(ROOT_EXPORTS)
  })
})
