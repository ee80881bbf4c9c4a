import { describe, expect, it } from 'vitest'
import { readHeaders } from '../../src/client/response.js'

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null })

describe('the client reads a key’s credits (M3)', () => {
  it('M3: X-Credits-Remaining becomes credits; absent or not a number, null', () => {
    expect(readHeaders(headers({ 'x-credits-remaining': '42' })).credits).toBe(42)
    expect(readHeaders(headers({ 'x-credits-remaining': '0' })).credits).toBe(0)
    expect(readHeaders(headers({})).credits).toBeNull()
    expect(readHeaders(headers({ 'x-credits-remaining': 'lots' })).credits).toBeNull()
  })
})
