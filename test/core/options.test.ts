/**
 * createKeyward() options: every mistake, unknown names included, throws at setup one TypeError of
 * one shape, `keyward: option "<name>" <rule> (got <value>)`, and never shows a secret.
 */
import { describe, expect, it } from 'vitest'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'

const SHAPE = /^keyward: option "[^"]+" .+ \(got .+\)$/

function mistakeOf(options: unknown): TypeError {
  try {
    createKeyward(options as never)
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError)
    expect((error as TypeError).message).toMatch(SHAPE)
    return error as TypeError
  }
  throw new Error(`createKeyward(${JSON.stringify(options)}) accepted a mistake`)
}

describe('createKeyward() refuses unknown options, naming them and listing the valid ones', () => {
  it('a misspelt option from JavaScript ("keyprefix") throws, suggests the right name and lists every option', () => {
    const { message } = mistakeOf({ keyprefix: 'acme' })
    expect(message).toContain('option "keyprefix" is not an option of createKeyward()')
    expect(message).toContain('did you mean "keyPrefix"?')
    for (const name of ['keyPrefix', 'serviceName', 'stores', 'pepper', 'limits', 'failedAuthLimit', 'onError'])
      expect(message).toContain(name)
  })

  it('the value of an unknown option is described, not shown: a misspelt pepper must not reach a log', () => {
    const { message } = mistakeOf({ peper: 'hunter2-secret' })
    expect(message).not.toContain('hunter2')
    expect(message).toMatch(/\(got a string of 14 characters\)$/)
  })

  it.each([
    [{ limits: { sandbox: { perMinute: 5 } } }, 'limits.sandbox'],
    [{ limits: { test: { perMinut: 5 } } }, 'limits.test.perMinut'],
    [{ deprecation: { url: '/docs' } }, 'deprecation.url'],
    [{ pepper: { curent: 'secret-value' } }, 'pepper.curent'],
  ])('an unknown member of a nested option is refused too: %j', (options, name) => {
    const { message } = mistakeOf(options)
    expect(message).toContain(`option "${name}" is not an option of`)
    expect(message).not.toContain('secret-value')
  })

  it('an option set to undefined is the same as leaving it out', () => {
    expect(() =>
      createKeyward({ keyPrefix: undefined, pepper: undefined, stores: undefined, onError: undefined }),
    ).not.toThrow()
  })
})

describe('every option mistake has the one shape', () => {
  it.each([
    [null, 'options'],
    [{ keyPrefix: 'Bad_Prefix' }, 'keyPrefix'],
    [{ serviceName: 'Say "hi"' }, 'serviceName'],
    [{ clock: {} }, 'clock'],
    [{ storeTimeoutMs: '1000' }, 'storeTimeoutMs'],
    [{ failedAuthLimit: -1 }, 'failedAuthLimit'],
    [{ limits: 5 }, 'limits'],
    [{ limits: { live: { perMonth: 0 } } }, 'limits.live.perMonth'],
    [{ ietfRateLimitHeaders: 'yes' }, 'ietfRateLimitHeaders'],
    [{ legacyApiKeyHeader: 'false' }, 'legacyApiKeyHeader'],
    [{ trustRequestId: 1 }, 'trustRequestId'],
    [{ deprecation: 'soon' }, 'deprecation'],
    [{ deprecation: { since: 'yesterday' } }, 'deprecation.since'],
    [{ resolveCountry: 'DE' }, 'resolveCountry'],
    [{ onError: console }, 'onError'],
  ])('%j → option "%s"', (options, name) => {
    expect(mistakeOf(options).message.startsWith(`keyward: option "${name}" `)).toBe(true)
  })

  it('a pepper mistake says what was given, never the pepper', () => {
    for (const options of [
      { pepper: 42 },
      { pepper: { current: 'top-secret', previous: 'old-secret' } },
      { pepper: { current: ['top-secret'] } },
    ]) {
      const { message } = mistakeOf(options)
      expect(message).toMatch(/^keyward: option "pepper/)
      expect(message).not.toContain('secret')
    }
  })
})

describe('stores must have the shape of the store contracts', () => {
  const memory = () => createMemoryStores()

  it.each([
    [{ stores: 'redis' }, 'stores'],
    [{ stores: {} }, 'stores.keys'],
    [{ stores: { ...memory(), limiter: undefined } }, 'stores.limiter'],
    [{ stores: { ...memory(), keys: { ...memory().keys, findByHash: undefined } } }, 'stores.keys.findByHash'],
    [{ stores: { ...memory(), usage: { append() {} } } }, 'stores.usage.query'],
    [{ stores: { ...memory(), authorize: 'fused' } }, 'stores.authorize'],
    [{ stores: { ...memory(), close: true } }, 'stores.close'],
    [{ stores: { ...memory(), timeoutMs: -5 } }, 'stores.timeoutMs'],
  ])('%# → option "%s"', (options, name) => {
    expect(mistakeOf(options).message.startsWith(`keyward: option "${name}" `)).toBe(true)
  })

  it('a missing part names its contract and the methods keyward calls', () => {
    expect(mistakeOf({ stores: { keys: memory().keys, usage: memory().usage } }).message).toBe(
      'keyward: option "stores.limiter" is required: a RateLimiter with consume, peek (got undefined)',
    )
  })
})
