/**
 * What the shared client suite needs from a server: a base URL and keys in known states. The
 * emulated target is a FakeService running the contract emulator; when the reference server
 * exists, a second StartTarget creates the keys through its dashboard API (E5) and the same suite
 * runs against it unchanged.
 */
import type { WhoamiData } from '../../../src/client/index.js'
import { generateKey } from '../../../src/core/key-format.js'
import { createContractEmulator } from './contract-emulator.js'
import { startFakeService, type FakeService } from './fake-service.js'

export interface ClientTarget {
  baseUrl: string
  keys: {
    /** An active live key. */
    live: string
    /** An active sandbox key. */
    test: string
    /** A revoked key. */
    revoked: string
    /** A well-formed key that was never issued. */
    unknown: string
    /** An expired key, when the target can make one. */
    expired?: string
  }
  /** An active key with an owner and meta, and what whoami answers for it. */
  owned: { key: string; whoami: WhoamiData }
  close(): Promise<void>
}

export type StartTarget = () => Promise<ClientTarget>

export const startEmulatedTarget: StartTarget = async () => {
  const keys = {
    live: generateKey('live'),
    test: generateKey('test'),
    revoked: generateKey('live'),
    unknown: generateKey('live'),
    expired: generateKey('test'),
  }
  const owned = {
    key: generateKey('live'),
    whoami: {
      keyId: 'key_EmulatedOwnedKey00000000',
      name: 'owned',
      keyType: 'live',
      ownerId: 'org:emulated',
      scopes: ['ip'],
      expiresAt: null,
    },
  } satisfies ClientTarget['owned']
  const service: FakeService = await startFakeService(
    createContractEmulator({
      active: [keys.live, keys.test, owned.key],
      revoked: [keys.revoked],
      expired: [keys.expired],
      whoami: new Map([[owned.key, owned.whoami]]),
    }),
  )
  return { baseUrl: service.baseUrl, keys, owned, close: () => service.close() }
}
