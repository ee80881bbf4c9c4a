/**
 * Fusing stores: a store family's fused authorize step runs only over the very stores it was built
 * with. Replacing any of them (a spread with another key store, say) makes keyward compose the
 * stores it was given, with one warning; an unmarked authorize is the host's own and runs as given.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { composeAuthorize } from '../../src/core/compose-authorize.js'
import { STORES_NOT_FUSED_WARNING_CODE, fusedAuthorize } from '../../src/core/fused-authorize.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { AuthorizeInput, KeywardStores } from '../../src/core/types.js'

/** A memory "store family" whose fused step is the composition of its own stores, counted. */
function fusedFamily() {
  const base = createMemoryStores()
  const calls: AuthorizeInput[] = []
  const composed = composeAuthorize(base)
  const authorize = fusedAuthorize((input: AuthorizeInput) => {
    calls.push(input)
    return composed(input)
  }, base)
  return { stores: { ...base, authorize }, calls }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('fused authorize step', () => {
  it('runs when keys, limiter and usage are the stores it was built with (also after a plain spread)', async () => {
    const { stores, calls } = fusedFamily()
    const keyward = createKeyward({ stores: { ...stores } })
    const { key } = await keyward.keys.create({ name: 'fused' })
    expect((await keyward.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)
    expect(calls).toHaveLength(1)
  })

  it.each(['keys', 'limiter', 'usage'] as const)(
    'is not run once stores.%s is replaced: keyward composes the stores it was given',
    async (part) => {
      const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
      const { stores, calls } = fusedFamily()
      const mixed: KeywardStores = { ...stores, [part]: createMemoryStores()[part] }
      const keyward = createKeyward({ stores: mixed })
      const { key } = await keyward.keys.create({ name: 'mixed' })
      expect((await keyward.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)
      expect(calls).toHaveLength(0)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toContain(
        `stores.${part} is not the store that stores.authorize was built with`,
      )
      expect(warn.mock.calls[0]![1]).toEqual({ code: STORES_NOT_FUSED_WARNING_CODE })
    },
  )

  it('warns once per fused step, not once per instance or request', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const { stores } = fusedFamily()
    const keys = createMemoryStores().keys
    for (let i = 0; i < 3; i++) createKeyward({ stores: { ...stores, keys } })
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it("an unmarked authorize is the host's own step and runs as given", async () => {
    const base = createMemoryStores()
    const authorize = vi.fn(composeAuthorize(base))
    const keyward = createKeyward({ stores: { ...base, authorize } })
    const { key } = await keyward.keys.create({ name: 'own' })
    expect((await keyward.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)
    expect(authorize).toHaveBeenCalledTimes(1)
  })

  it('R5: a replaced store is bounded by storeTimeoutMs, whatever the family says of its own bound', async () => {
    vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const { stores } = fusedFamily()
    const hanging = { ...stores.keys, findByHash: () => new Promise<never>(() => {}) }
    const keyward = createKeyward({
      stores: { ...stores, timeoutMs: 10, keys: hanging },
      storeTimeoutMs: 50,
      failedAuthLimit: 0,
    })
    const { key } = await createKeyward().keys.create({ name: 'elsewhere' })
    const decision = await keyward.authenticate({ authorization: `Bearer ${key}` })
    expect(decision.ok ? 200 : decision.response.status).toBe(500)
  })

  it('fusedAuthorize() refuses what is not a step or a family of stores at once', () => {
    const base = createMemoryStores()
    expect(() => fusedAuthorize('script' as never, base)).toThrow(TypeError)
    expect(() => fusedAuthorize(composeAuthorize(base), { keys: base.keys, limiter: base.limiter } as never)).toThrow(
      /usage/,
    )
  })
})
