/**
 * Errors keyward throws. Request failures are not exceptions (they are `AuthFailure` values);
 * these are for bad input to the key manager and for faults of a store.
 */

/** The stable codes of thrown keyward errors, so `switch (err.code)` narrows. */
export type KeywardErrorCode = 'invalid_request' | 'not_found' | 'conflict' | 'store_timeout'

/** Base class of every error keyward throws on purpose. */
export class KeywardError extends Error {
  readonly code: KeywardErrorCode
  constructor(code: KeywardErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'KeywardError'
    this.code = code
  }
}

/** Input to the key manager that breaks a field rule; `field` names the field. */
export class KeyInputError extends KeywardError {
  readonly field: string
  constructor(field: string, message: string) {
    super('invalid_request', message)
    this.name = 'KeyInputError'
    this.field = field
  }
}

const KEY_ID = /^key_[0-9A-Za-z]{24}$/

// Only a value shaped like a key id is echoed: a caller that passes a key where an id belongs
// must not find the key in an error message or a log.
function isEchoable(id: string): boolean {
  return typeof id === 'string' && KEY_ID.test(id)
}

/** The key id does not exist. */
export class KeyNotFoundError extends KeywardError {
  constructor(id: string) {
    super(
      'not_found',
      isEchoable(id)
        ? `No API key with id ${id}`
        : 'No API key with that id (ids look like key_ + 24 letters and digits)',
    )
    this.name = 'KeyNotFoundError'
  }
}

/**
 * The key is revoked, and the operation needs one that is not (HTTP 409 `conflict`): a revoked
 * key stays revoked for good, so it cannot be rotated; the remedy is a new key.
 */
export class KeyRevokedError extends KeywardError {
  constructor(id: string, operation: string) {
    const which = isEchoable(id) ? `API key ${id}` : 'That API key'
    super('conflict', `${which} is revoked and cannot be ${operation}; create a new key instead`)
    this.name = 'KeyRevokedError'
  }
}

/** A store did not answer within the configured time. */
export class StoreTimeoutError extends KeywardError {
  constructor(ms: number) {
    super('store_timeout', `The key store did not answer within ${ms} ms`)
    this.name = 'StoreTimeoutError'
  }
}
