/**
 * Two reference apps on shared stores, for the tests that a reported key is refused on every
 * instance (W3, K7): starting one, and reporting a key through one and asking both.
 */
import { expect } from 'vitest'
import type { AppBuilder, BuiltApp } from '../../server/app.js'
import type { Keyward } from '../../src/index.js'
import { rawRequest } from '../adapters/support/raw-http.js'
import { type SigningKey, signedHeaders } from './github.js'

export interface Instance {
  keyward: Keyward
  app: BuiltApp
  port: number
}

/** A reference app on `keyward`, serving the scanning endpoint with keys from `keysUrl` (and `scanning`), listening. */
export async function startInstance(
  build: AppBuilder,
  keyward: Keyward,
  keysUrl: string,
  scanning: Omit<Exclude<Parameters<AppBuilder>[0]['secretScanning'], undefined | boolean | string>, 'keysUrl'> = {},
): Promise<Instance> {
  const app = await build({
    keyward,
    dashboard: { authorize: () => false },
    trustProxy: false,
    secretScanning: { ...scanning, keysUrl },
  })
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
  return { keyward, app, port: (app.server.address() as { port: number }).port }
}

const authTest = (instance: Instance, key: string) =>
  rawRequest(instance.port, {
    method: 'POST',
    path: '/api/v1/auth/test',
    headers: [['Authorization', `Bearer ${key}`]],
  })

/**
 * A fresh key, admitted on both instances (whatever they keep of it must not outlive the
 * revocation), reported to `reporter` signed with `signing`: both refuse it within one second.
 * Returns the key's id.
 */
export async function expectReportRefusedEverywhere(
  reporter: Instance,
  other: Instance,
  signing: SigningKey,
  name: string,
): Promise<string> {
  const { key, record } = await reporter.keyward.keys.create({ name })
  expect((await authTest(reporter, key)).status).toBe(200)
  expect((await authTest(other, key)).status).toBe(200)
  const reported = await send(reporter, signedReport(signing, key))
  const reportedAt = Date.now()
  expect(reported.status, reported.body).toBe(200)
  expect(reported.json()[0].label).toBe('true_positive')
  const [onOther, onReporter] = await Promise.all([authTest(other, key), authTest(reporter, key)])
  expect(Date.now() - reportedAt).toBeLessThan(1000)
  for (const refused of [onOther, onReporter]) {
    expect(refused.status, refused.body).toBe(401)
    expect(refused.json().error.code).toBe('API_KEY_REVOKED')
  }
  return record.id
}

/** GitHub's report of `key` found at `url`, signed with `signing` (ECDSA: each signing differs; a replay resends one). */
export function signedReport(
  signing: SigningKey,
  key: string,
  url = 'https://github.com/o/r',
): { body: string; headers: [string, string][] } {
  const body = JSON.stringify([{ token: key, type: 'svc_live_key', url, source: 'content' }])
  return { body, headers: signedHeaders(signing, body) }
}

/** `signed` sent to `instance`'s scanning endpoint: its status and feedback. */
export function send(instance: Instance, signed: { body: string; headers: [string, string][] }) {
  return rawRequest(instance.port, { method: 'POST', path: '/secret-scanning/github', ...signed })
}
