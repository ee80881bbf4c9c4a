/**
 * What the shared client suite needs from a server: a base URL and keys in known states. The
 * emulated target is a FakeService running the contract emulator; when the reference server
 * exists, a second StartTarget creates the keys through its dashboard API (E5) and the same suite
 * runs against it unchanged.
 */
import { generateKey } from '../../../src/key-format.js'
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
  const service: FakeService = await startFakeService(
    createContractEmulator({ active: [keys.live, keys.test], revoked: [keys.revoked], expired: [keys.expired] }),
  )
  return { baseUrl: service.baseUrl, keys, close: () => service.close() }
}
