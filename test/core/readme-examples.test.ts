/** The README's `keyward/testing` example, run as it is written (kept in sync by the test below). */

import { createTestKeyward } from '../../src/testing.js'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

it('a sandbox key gets 10 requests a minute', async () => {
  const t = createTestKeyward()
  const { key } = await t.issueTestKey()
  for (let i = 0; i < 10; i++) expect((await t.authenticateKey(key)).ok).toBe(true)
  const limited = await t.authenticateKey(key)
  expect(limited.ok || limited.response.status).toBe(429)
  t.clock.advance(61_000)
  expect((await t.authenticateKey(key)).ok).toBe(true)
})

it('a handler sees who is calling', async () => {
  const t = createTestKeyward()
  const { key } = await t.issueLiveKey({ ownerId: 'org_acme', meta: { plan: 'pro' } })
  expect(await t.apiKeyFor(key)).toMatchObject({ ownerId: 'org_acme', meta: { plan: 'pro' } })
})

it('the README shows this very example', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const source = readFileSync(new URL(import.meta.url), 'utf8')
  const example = source.slice(source.indexOf("it('a sandbox key"), source.indexOf("it('the README shows"))
  expect(readme).toContain(example.trim())
})
