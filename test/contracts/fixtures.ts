/**
 * Helpers shared by the store contract suites. Every id and hash is random, so suites can run
 * against a shared Redis database without one test seeing another's state.
 */
import { randomBytes } from 'node:crypto'
import { generateKeyId, randomBase62 } from '../../src/core/key-format.js'
import type { Awaitable, StoredKey } from '../../src/core/types.js'

/** What a contract factory returns: the thing under test and how to release it. */
export type Fixture<T> = T & { cleanup?: () => Promise<void> }

/** A factory called once per test, so each test starts from its own store or namespace. */
export type FixtureFactory<T> = () => Awaitable<Fixture<T>>

/** A fresh key id (`key_` + 24 base62, K5). */
export function randomKeyId(): string {
  return generateKeyId()
}

/** A fresh stored hash: 64 hex characters, like sha256 (K3). */
export function randomHash(): string {
  return randomBytes(32).toString('hex')
}

/** 10 March 2026, 12:00:00.000 UTC: a whole minute, mid-month, so offsets read as `t = N s`. */
export const T0 = Date.UTC(2026, 2, 10, 12, 0, 0)

/** A complete stored key with random id and hash; `overrides` replace fields. */
export function makeStoredKey(overrides: Partial<StoredKey> = {}): StoredKey {
  return {
    id: randomKeyId(),
    hash: randomHash(),
    name: 'Contract test key',
    keyType: 'live',
    last4: randomBase62(4),
    createdAt: T0,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    scopes: [],
    limits: null,
    ownerId: null,
    meta: null,
    enabled: true,
    allowedIps: null,
    roles: null,
    credits: null,
    ...overrides,
  }
}

/**
 * Runs `action` so that a synchronous throw and a rejected promise both become a rejection:
 * stores may implement the contract either way.
 */
export function attempt<T>(action: () => Awaitable<T>): Promise<T> {
  return Promise.resolve().then(action)
}
