/**
 * W4: the reference server serves GitHub's secret scanning endpoint at `SECRET_SCANNING_PATH`,
 * verifying reports with the keys at `GITHUB_KEYS_URL`: a reported demo key is revoked, and the
 * log line says which key, where it was found, never the key.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type KeyListServer, makeSigningKey, signedHeaders, startKeyListServer } from '../secret-scanning/github.js'
import { freePort, type ServerProcess, startServer } from './support.js'

const signing = makeSigningKey('reference-server-key')
let keys: KeyListServer
const running: ServerProcess[] = []
beforeAll(async () => {
  keys = await startKeyListServer([[signing.id, signing.publicPem]])
})
afterAll(() => keys?.close())
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

describe.each(['fastify', 'express', 'hono'] as const)('FRAMEWORK=%s', (framework) => {
  it('W4: a demo key reported at SECRET_SCANNING_PATH, signed with a key of GITHUB_KEYS_URL, is revoked and logged without the key', async () => {
    const port = await freePort()
    const server = startServer({
      FRAMEWORK: framework,
      PORT: String(port),
      SECRET_SCANNING_PATH: '/hooks/github-leaks',
      GITHUB_KEYS_URL: keys.url,
    })
    running.push(server)
    await server.listening
    const key = /demo live key: (\S+)/.exec(server.stdout())![1]!
    const body = JSON.stringify([{ token: key, type: 'svc_live_key', url: 'https://github.com/o/r', source: 'commit' }])
    const base = `http://127.0.0.1:${port}`
    const report = await fetch(`${base}/hooks/github-leaks`, {
      method: 'POST',
      headers: signedHeaders(signing, body),
      body,
    })
    expect(report.status, await report.clone().text()).toBe(200)
    expect(((await report.json()) as { label: string }[])[0]!.label).toBe('true_positive')
    const refused = await fetch(`${base}/api/v1/auth/test`, { headers: { Authorization: `Bearer ${key}` } })
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('API_KEY_REVOKED')
    const logged = server
      .stdout()
      .split('\n')
      .find((line) => line.includes('secret scanning:'))
    expect(logged).toMatch(
      /secret scanning: key key_\w+ was found in public \(commit: https:\/\/github.com\/o\/r\) and is revoked/,
    )
    expect(logged).not.toContain(key.slice(9, 30))
    // The default path is not served when another is set.
    expect((await fetch(`${base}/secret-scanning/github`, { method: 'POST', body })).status).toBe(404)
  })
})
