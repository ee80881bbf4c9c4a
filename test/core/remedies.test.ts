/** A6: the host sets what key holders are told to do next; the prefixes clients compare by stay fixed. */
import { describe, expect, it } from 'vitest'
import { createKeyward } from '../../src/keyward.js'
import { maskKey } from '../../src/core/key-format.js'

async function refusals(options: Parameters<typeof createKeyward>[0]) {
  const keyward = createKeyward({ failedAuthLimit: 0, ...options })
  const revoked = await keyward.keys.create({ name: 'revoked' })
  await keyward.keys.revoke(revoked.record.id)
  const expired = await keyward.keys.create({ name: 'expired', expiresAt: Date.now() + 5 })
  await new Promise((resolve) => setTimeout(resolve, 10))
  const message = async (token: string) => {
    const decision = await keyward.authenticate({ authorization: `Bearer ${token}` })
    return decision.ok ? '' : decision.error.message
  }
  return {
    revoked: await message(revoked.key),
    expired: await message(expired.key),
    masked: await message(maskKey('live', revoked.key.slice(-4))),
  }
}

describe('remedies (A6)', () => {
  it('A6: by default the revoked, expired and masked messages point at the dashboard or the key shown once', async () => {
    const texts = await refusals({})
    expect(texts.revoked).toBe(
      'This API key has been revoked. Revocation is permanent; create a new key in the dashboard.',
    )
    expect(texts.expired).toBe('This API key has expired. Create a replacement key in the dashboard.')
    expect(texts.masked).toMatch(
      /^API key must start with svc_live_ or svc_test_; this is a masked value, which never authenticates\. Use the full key/,
    )
  })

  it("A6 H9: the host's remedies replace the default sentence after the fixed prefix", async () => {
    const texts = await refusals({
      remedies: {
        revoked: 'Make a new key at https://acme.example/settings/keys.',
        expired: 'Renew it at https://acme.example/settings/keys.',
        masked: 'Copy the key from your secret store, not from the settings page.',
      },
    })
    expect(texts.revoked).toBe('This API key has been revoked. Make a new key at https://acme.example/settings/keys.')
    expect(texts.expired).toBe('This API key has expired. Renew it at https://acme.example/settings/keys.')
    expect(texts.masked).toBe(
      'API key must start with svc_live_ or svc_test_; this is a masked value, which never authenticates. Copy the key from your secret store, not from the settings page.',
    )
  })

  it.each([
    [{ remedies: 'see docs' }, 'remedies'],
    [{ remedies: { revokd: 'x' } }, 'remedies.revokd'],
    [{ remedies: { revoked: '' } }, 'remedies.revoked'],
    [{ remedies: { expired: 'line one\nline two' } }, 'remedies.expired'],
    [{ remedies: { masked: 'x'.repeat(201) } }, 'remedies.masked'],
  ])('A6: %j throws a TypeError naming %s', (options, option) => {
    expect(() => createKeyward(options as never)).toThrow(`keyward: option "${option}"`)
  })
})
