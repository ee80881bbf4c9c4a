/**
 * `keyward check` run as a subprocess against the reference server (server/app-fastify.ts),
 * in-process on a real Redis: keys are created and revoked with the CLI on the same Redis prefix,
 * so the server judges exactly what the CLI wrote. Exit statuses: 0 valid, 5 rejected, 6 not
 * live, 7 no verdict (E2, H9, R5).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { generateKey, keyPattern } from '../../src/core/key-format.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { ApiKeyRecord } from '../../src/core/types.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { startReferenceServer, type RunningServer } from './support/reference-server.js'
import { deletePrefix, instanceOn, uniquePrefix, type InstanceOnPrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-check')
const REQUEST_ID = /request id (req_[A-Za-z0-9_-]{24,})/

let instance: InstanceOnPrefix
let server: RunningServer

async function createKey(args: string[] = []): Promise<{ key: string; record: ApiKeyRecord }> {
  // The default key prefix, named (keys create needs it); a --key-prefix in args wins.
  const run = await runCli(['keys', 'create', '--json', '--prefix', prefix, ...args], {
    REDIS_URL: url!,
    KEYWARD_KEY_PREFIX: 'svc',
  })
  expect(run.status, run.describe()).toBe(0)
  return stdoutJson(run)
}

function check(apiKey: string | undefined, args: string[] = [], baseUrl = server.baseUrl): Promise<CliRun> {
  return runCli(['check', '--base-url', baseUrl, ...args], { KEYWARD_API_KEY: apiKey })
}

/** The run printed nothing of the key but, at most, its masked form (K4). */
function expectNoKey(run: CliRun, key: string): void {
  expect(run.stdout + run.stderr).not.toContain(key)
  expect((run.stdout + run.stderr).match(keyPattern('svc')) ?? []).toEqual([])
}

beforeAll(async () => {
  if (url === null) return
  // E7 off: these tests fail authentication from one address on purpose.
  instance = await instanceOn(url, prefix, { failedAuthLimit: 0 })
  server = await startReferenceServer(instance.keyward, 'fastify')
})

afterAll(async () => {
  await server?.close()
  await instance?.close()
  if (url) await deletePrefix(url, prefix)
})

// Each test runs the CLI as a subprocess, some several times: allow for a loaded machine.
describe.skipIf(url === null)('keyward check against the reference server', { timeout: 60_000 }, () => {
  it('a valid live key exits 0 and prints the masked key and the request id, never the key (E2, K4)', async () => {
    const { key, record } = await createKey(['--name', 'ci secret'])
    const run = await check(key)
    expect(run.status, run.describe()).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(
      new RegExp(
        `^OK: ${record.maskedKey.replace(/\*/g, '\\*')} is a valid live key at ${server.baseUrl} \\(request id req_[A-Za-z0-9_-]{24,}\\)\\.\\n$`,
      ),
    )
    expectNoKey(run, key)

    const live = await check(key, ['--require-live'])
    expect(live.status, live.describe()).toBe(0)
  })

  it('--json prints { valid, keyType, maskedKey, baseUrl, requestId, rateLimit, quota } (E2, L3, R2)', async () => {
    const { key, record } = await createKey(['--name', 'json check', '--sandbox'])
    const run = await check(key, ['--json'])
    expect(run.status, run.describe()).toBe(0)
    expect(stdoutJson(run)).toEqual({
      valid: true,
      keyType: 'test',
      maskedKey: record.maskedKey,
      baseUrl: server.baseUrl,
      requestId: expect.stringMatching(/^req_[A-Za-z0-9_-]{24,}$/),
      rateLimit: { limit: 10, remaining: 10, reset: expect.any(Number) },
      quota: { limit: 1000, remaining: 1000, reset: expect.any(Number) },
    })
    expectNoKey(run, key)
  })

  it('a sandbox key passes without --require-live and exits 6 KEY_NOT_LIVE with the request id with it (E2)', async () => {
    const { key, record } = await createKey(['--name', 'sandbox', '--sandbox'])
    const plain = await check(key)
    expect(plain.status, plain.describe()).toBe(0)
    expect(plain.stdout).toMatch(/is a valid sandbox \(test\) key/)

    const run = await check(key, ['--require-live'])
    const message = expectOneLineError(run, 6)
    expect(message).toMatch(
      /^check failed: KEY_NOT_LIVE: svc_test_\*{4}\w{4} is a valid sandbox \(test\) key, but --require-live needs a live key/,
    )
    expect(message).toMatch(REQUEST_ID)
    expect(message).toContain(record.maskedKey)
    expectNoKey(run, key)

    const json = await check(key, ['--require-live', '--json'])
    expectOneLineError(json, 6)
    expect(stdoutJson(json)).toMatchObject({
      error: {
        code: 'KEY_NOT_LIVE',
        exitStatus: 6,
        status: 200,
        requestId: expect.stringMatching(/^req_/),
        keyType: 'test',
      },
    })
  })

  it('a key revoked with keyward keys revoke exits 5 with API_KEY_REVOKED, HTTP 401 and the request id (H9, K6, K7)', async () => {
    const { key, record } = await createKey(['--name', 'about to go'])
    expect((await check(key)).status).toBe(0)
    const revoke = await runCli(['keys', 'revoke', record.id, '--prefix', prefix], { REDIS_URL: url! })
    expect(revoke.status, revoke.describe()).toBe(0)

    const run = await check(key)
    const message = expectOneLineError(run, 5)
    expect(message).toMatch(
      /^check failed: API_KEY_REVOKED: This API key has been revoked.* \(HTTP 401, request id req_[A-Za-z0-9_-]{24,}\)$/,
    )
    expectNoKey(run, key)

    const json = await check(key, ['--json'])
    expect(stdoutJson(json)).toEqual({
      error: {
        code: 'API_KEY_REVOKED',
        message: expectOneLineError(json, 5),
        exitStatus: 5,
        status: 401,
        requestId: expect.stringMatching(/^req_/),
      },
    })
  })

  it('an unknown well-formed key exits 5 with INVALID_API_KEY and the request id (H9)', async () => {
    const key = generateKey('live')
    const run = await check(key)
    const message = expectOneLineError(run, 5)
    expect(message).toMatch(
      /^check failed: INVALID_API_KEY: Invalid API key — no matching live \(svc_live_\) key found.*\(HTTP 401, request id req_[A-Za-z0-9_-]/,
    )
    expectNoKey(run, key)
  })

  it('an expired key exits 5 with API_KEY_EXPIRED (H9, K6)', async () => {
    const { key } = await createKey(['--name', 'short-lived', '--expires-in', '1s'])
    await new Promise((resolve) => setTimeout(resolve, 1200))
    const run = await check(key)
    expect(expectOneLineError(run, 5)).toMatch(
      /^check failed: API_KEY_EXPIRED: This API key has expired.*request id req_/,
    )
  })

  it.each([
    [
      'a key with a wrong checksum',
      () => {
        const k = generateKey('live')
        return `${k.slice(0, -1)}${k.endsWith('A') ? 'B' : 'A'}`
      },
      /^check failed: INVALID_API_KEY_FORMAT: KEYWARD_API_KEY \(svc_live_\*{4}\w{4}\) is not a well-formed key: its checksum does not match/,
    ],
    [
      'a key with a trailing newline',
      () => `${generateKey('live')}\n`,
      /contains whitespace \(often a trailing newline from the secret\)/,
    ],
    ['a masked key', () => 'svc_live_****abcd', /is a masked key; masked values never authenticate/],
    ['"Bearer <key>"', () => `Bearer ${generateKey('live')}`, /holds "Bearer …": set the raw key only/],
    [
      'a key of another key prefix',
      () => generateKey('live', 'acme'),
      /has the key prefix acme_, not svc_; if the service uses acme, pass --key-prefix acme/,
    ],
  ])(
    '%s exits 5 INVALID_API_KEY_FORMAT offline, without a request and without echoing it (K1, K2)',
    async (_name, makeKey, expected) => {
      const key = makeKey()
      const run = await check(key)
      const message = expectOneLineError(run, 5)
      expect(message).toMatch(/^check failed: INVALID_API_KEY_FORMAT: /)
      expect(message).toMatch(expected)
      expect(message).toMatch(/\(checked offline, no request sent\)$/)
      expect(message).not.toContain(key.trim().slice(9, 30))
    },
  )

  it('a service that answers 500 INTERNAL_ERROR is retried once, then exits 7 with the code and the request id (R5)', async () => {
    let calls = 0
    const failing = createKeyward({
      stores: {
        ...createMemoryStores(),
        authorize: () => {
          calls++
          throw new Error('store down')
        },
      },
      onError: () => {},
      failedAuthLimit: 0,
    })
    const broken = await startReferenceServer(failing, 'hono')
    try {
      const key = generateKey('live')
      const run = await check(key, [], broken.baseUrl)
      const message = expectOneLineError(run, 7)
      expect(message).toMatch(
        /^check could not decide: INTERNAL_ERROR: .* \(HTTP 500, request id req_[A-Za-z0-9_-]{24,}\); the service failed; retry later$/,
      )
      expect(calls).toBe(2)
      expectNoKey(run, key)
    } finally {
      await broken.close()
    }
  })

  it('an unreachable service exits 7 with NETWORK_ERROR within a few seconds', async () => {
    const run = await check(generateKey('live'), ['--json'], 'http://127.0.0.1:1')
    const message = expectOneLineError(run, 7)
    expect(message).toMatch(
      /^check could not reach the service: POST \/api\/v1\/auth\/test to http:\/\/127\.0\.0\.1:1 failed/,
    )
    expect(stdoutJson(run)).toMatchObject({
      error: { code: 'NETWORK_ERROR', exitStatus: 7, status: null, requestId: null },
    })
    expect(run.ms).toBeLessThan(8000)
  })

  it('a service that never answers exits 7 with TIMEOUT after --timeout', async () => {
    const silent: Server = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      const run = await check(generateKey('live'), ['--timeout', '1s'], `http://127.0.0.1:${port}`)
      expect(expectOneLineError(run, 7)).toMatch(/^check could not reach the service: .*timed out after 1000 ms/)
      expect(run.ms).toBeLessThan(8000)
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })

  it('--key-prefix and KEYWARD_KEY_PREFIX check a key of another brand prefix against a service using it (K1)', async () => {
    // An app with another key prefix keeps its keys under a Redis prefix of its own: the store
    // records each app's key prefix, and the CLI refuses to issue keys that app would refuse.
    const acmePrefix = uniquePrefix('cli-check-acme')
    const acme = await instanceOn(url!, acmePrefix, { keyPrefix: 'acme', failedAuthLimit: 0 })
    const acmeServer = await startReferenceServer(acme.keyward, 'express')
    try {
      const run = await runCli(
        ['keys', 'create', '--json', '--prefix', acmePrefix, '--name', 'acme', '--key-prefix', 'acme'],
        { REDIS_URL: url! },
      )
      expect(run.status, run.describe()).toBe(0)
      const { key, record } = stdoutJson<{ key: string; record: ApiKeyRecord }>(run)
      const fromFlag = await check(key, ['--key-prefix', 'acme', '--require-live'], acmeServer.baseUrl)
      expect(fromFlag.status, fromFlag.describe()).toBe(0)
      expect(fromFlag.stdout).toContain(record.maskedKey)
      const fromEnv = await runCli(['check', '--base-url', acmeServer.baseUrl], {
        KEYWARD_API_KEY: key,
        KEYWARD_KEY_PREFIX: 'acme',
      })
      expect(fromEnv.status, fromEnv.describe()).toBe(0)
      expectNoKey(fromEnv, key)
    } finally {
      await acmeServer.close()
      await acme.close()
      await deletePrefix(url!, acmePrefix)
    }
  })

  it('a --base-url that is not the service root exits 7 and says so, not 5: the key was never judged', async () => {
    const { key } = await createKey(['--name', 'wrong url'])
    const run = await check(key, [], `${server.baseUrl}/not-the-root`)
    expect(expectOneLineError(run, 7)).toMatch(
      /^check could not decide: .*HTTP 404.* is --base-url \(http:\/\/127\.0\.0\.1:\d+\/not-the-root\) the service root\?$/,
    )
  })
})
