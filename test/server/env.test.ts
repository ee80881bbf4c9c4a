/** E6: the reference server's environment, read by `parseEnv`. */
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '../../server/env.js'

describe('parseEnv (E6)', () => {
  it('has the defaults of E6', () => {
    expect(parseEnv({})).toEqual({
      framework: 'fastify',
      port: 3000,
      host: '127.0.0.1',
      store: 'memory',
      redisUrl: 'redis://127.0.0.1:6379',
      dashboardToken: null,
      serviceName: 'Svc',
      keyPrefix: 'svc',
      failedAuthLimit: 60,
      trustProxy: false,
    })
  })

  it('reads every variable', () => {
    const config = parseEnv({
      FRAMEWORK: 'hono',
      PORT: '8080',
      HOST: '0.0.0.0',
      STORE: 'redis',
      REDIS_URL: 'rediss://cache.internal:6380/2',
      DASHBOARD_TOKEN: 'a-long-enough-token-1',
      SERVICE_NAME: 'Acme API',
      KEY_PREFIX: 'acme',
      FAILED_AUTH_LIMIT: '0',
      TRUST_PROXY: '2',
    })
    expect(config).toMatchObject({ framework: 'hono', port: 8080, host: '0.0.0.0', store: 'redis', failedAuthLimit: 0, trustProxy: 2 })
    expect(config.serviceName).toBe('Acme API')
  })

  it.each([
    ['on', true],
    ['true', true],
    ['off', false],
    ['0', false],
    ['1', 1],
  ])('TRUST_PROXY=%s → %s', (value, trustProxy) => {
    expect(parseEnv({ TRUST_PROXY: value }).trustProxy).toBe(trustProxy)
  })

  it('treats empty values as unset', () => {
    expect(parseEnv({ FRAMEWORK: '', PORT: ' ', DASHBOARD_TOKEN: '' })).toMatchObject({ framework: 'fastify', port: 3000, dashboardToken: null })
  })

  it('names the variable in an EnvError', () => {
    expect(() => parseEnv({ HOST: 'bad host' })).toThrow(EnvError)
    expect(() => parseEnv({ HOST: 'bad host' })).toThrow(/^HOST /)
    expect(() => parseEnv({ PORT: '1e3' })).toThrow(/^PORT /)
  })
})
