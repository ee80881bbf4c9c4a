/** E6: the reference server's environment, read by `parseEnv`. */
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '../../server/env.js'
import { DEFAULT_SECRET_SCANNING_PATH, GITHUB_KEYS_URL } from '../../src/core/secret-scanning/index.js'

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
      pepper: null,
      ownerLimits: null,
      ietfRateLimitHeaders: false,
      trustedOrigins: [],
      ownerScopes: ['ip', 'email'],
      ownerMetaFields: [],
      roles: null,
      defaultScopes: ['ip', 'email'],
      secretScanningPath: '/secret-scanning/github',
      githubKeysUrl: 'https://api.github.com/meta/public_keys/secret_scanning',
      webhook: null,
    })
  })

  it('W3/W4: with SECRET_SCANNING_PATH and GITHUB_KEYS_URL unset, the server uses the defaults keyward itself has', () => {
    const config = parseEnv({})
    expect(config.secretScanningPath).toBe(DEFAULT_SECRET_SCANNING_PATH)
    expect(config.githubKeysUrl).toBe(GITHUB_KEYS_URL)
  })

  it('W4: SECRET_SCANNING_PATH and GITHUB_KEYS_URL place the secret scanning endpoint and its key list; bad ones name the variable', () => {
    const config = parseEnv({ SECRET_SCANNING_PATH: '/hooks/github-leaks', GITHUB_KEYS_URL: 'http://127.0.0.1:9/keys' })
    expect(config.secretScanningPath).toBe('/hooks/github-leaks')
    expect(config.githubKeysUrl).toBe('http://127.0.0.1:9/keys')
    expect(() => parseEnv({ SECRET_SCANNING_PATH: 'hooks' })).toThrow(/^SECRET_SCANNING_PATH must be a path/)
    expect(() => parseEnv({ SECRET_SCANNING_PATH: '/a b' })).toThrow(EnvError)
    expect(() => parseEnv({ GITHUB_KEYS_URL: 'ftp://keys.example' })).toThrow(
      /^GITHUB_KEYS_URL must be a https:\/\/ or http:\/\/ URL/,
    )
  })

  it('W4: WEBHOOK_URL and WEBHOOK_SECRET register one endpoint, a loopback one included; each needs the other', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
    expect(parseEnv({ WEBHOOK_URL: 'http://127.0.0.1:9000/hooks', WEBHOOK_SECRET: secret }).webhook).toEqual({
      url: 'http://127.0.0.1:9000/hooks',
      secret,
    })
    expect(() => parseEnv({ WEBHOOK_URL: 'http://127.0.0.1:9000/hooks' })).toThrow(
      /^WEBHOOK_SECRET must be set with WEBHOOK_URL/,
    )
    expect(() => parseEnv({ WEBHOOK_SECRET: secret })).toThrow(/^WEBHOOK_URL must be set with WEBHOOK_SECRET/)
    expect(() => parseEnv({ WEBHOOK_URL: 'ftp://x', WEBHOOK_SECRET: secret })).toThrow(
      /^WEBHOOK_URL must be an http:\/\/ or https:\/\/ URL/,
    )
    const bad = () => parseEnv({ WEBHOOK_URL: 'https://example.com/h', WEBHOOK_SECRET: 'not-a-secret-value' })
    expect(bad).toThrow(EnvError)
    expect(bad).toThrow(/^WEBHOOK_SECRET must be whsec_.*\(got "18 characters"\)$/)
  })

  it('B1: DEFAULT_SCOPES is what a key created without scopes holds: the seed endpoints by default, empty for none; a bad one names the variable', () => {
    expect(parseEnv({}).defaultScopes).toEqual(['ip', 'email'])
    expect(parseEnv({ DEFAULT_SCOPES: 'reports.read, ip' }).defaultScopes).toEqual(['reports.read', 'ip'])
    expect(parseEnv({ DEFAULT_SCOPES: '' }).defaultScopes).toEqual([])
    expect(parseEnv({ DEFAULT_SCOPES: '*' }).defaultScopes).toEqual(['*'])
    expect(() => parseEnv({ DEFAULT_SCOPES: 'IP' })).toThrow(/^DEFAULT_SCOPES must be a comma-separated list of scopes/)
    expect(() => parseEnv({ DEFAULT_SCOPES: 'ip,,email' })).toThrow(EnvError)
  })

  it("M10: ROLES, a JSON object, becomes createKeyward's roles; a bad one is an EnvError naming ROLES", () => {
    expect(parseEnv({ ROLES: '{"analyst":["reports.read","billing.read"]}' }).roles).toEqual({
      analyst: ['reports.read', 'billing.read'],
    })
    expect(() => parseEnv({ ROLES: '{analyst}' })).toThrow(EnvError)
    expect(() => parseEnv({ ROLES: '{analyst}' })).toThrow(/^ROLES must be a JSON object/)
    expect(() => parseEnv({ ROLES: '{"analyst":["reports.*.csv"]}' })).toThrow(
      /^ROLES holds option "roles\.analyst" must be/,
    )
  })

  it("B2: OWNER_SCOPES and OWNER_META_FIELDS, comma-separated, become the dashboard's owners; a bad scope is an EnvError naming OWNER_SCOPES", () => {
    const config = parseEnv({ OWNER_SCOPES: ' reports.read, ip ,', OWNER_META_FIELDS: 'label,team' })
    expect([config.ownerScopes, config.ownerMetaFields]).toEqual([
      ['reports.read', 'ip'],
      ['label', 'team'],
    ])
    expect(parseEnv({ OWNER_SCOPES: ' , ' }).ownerScopes).toEqual(['ip', 'email'])
    expect(() => parseEnv({ OWNER_SCOPES: 'ip,Reports' })).toThrow(EnvError)
    expect(() => parseEnv({ OWNER_SCOPES: 'ip,Reports' })).toThrow(
      /^OWNER_SCOPES must be a comma-separated list of scopes/,
    )
  })

  it("A10: TRUSTED_ORIGINS, comma-separated, becomes the dashboard's trustedOrigins", () => {
    const origins = parseEnv({ TRUSTED_ORIGINS: ' https://admin.example.com , http://localhost:5173,' }).trustedOrigins
    expect(origins).toEqual(['https://admin.example.com', 'http://localhost:5173'])
    expect(parseEnv({ TRUSTED_ORIGINS: ' ' }).trustedOrigins).toEqual([])
  })

  it.each([
    ['https://admin.example.com/', '; did you mean https://admin.example.com?'],
    ['admin.example.com', ''],
    ['https://Admin.example.com', '; did you mean https://admin.example.com?'],
    ['*', ''],
  ])('A10: TRUSTED_ORIGINS=%s is refused with an EnvError naming it and the origin meant', (value, meant) => {
    const rule =
      'must be a comma-separated list of origins written scheme://host[:port], such as https://admin.example.com'
    const message = `TRUSTED_ORIGINS ${rule} (got ${JSON.stringify(value)}${meant})`
    expect(() => parseEnv({ TRUSTED_ORIGINS: `https://ok.example.com,${value}` })).toThrow(new EnvError(message))
  })

  it.each(['draft-6', 'draft-7', 'draft-8'])(
    "M8: IETF_RATELIMIT_HEADERS=%s is createKeyward's ietfRateLimitHeaders",
    (draft) => {
      expect(parseEnv({ IETF_RATELIMIT_HEADERS: draft }).ietfRateLimitHeaders).toBe(draft)
      expect(parseEnv({ IETF_RATELIMIT_HEADERS: ` ${draft} ` }).ietfRateLimitHeaders).toBe(draft)
    },
  )

  const BAD_DRAFTS = ['true', 'false', 'draft-9', 'DRAFT-7', 'on']
  it.each(BAD_DRAFTS)('M8: IETF_RATELIMIT_HEADERS=%s is refused, naming it and the drafts', (value) => {
    const rule = 'must be draft-6, draft-7 or draft-8, or unset for none'
    expect(() => parseEnv({ IETF_RATELIMIT_HEADERS: value })).toThrow(
      new EnvError(`IETF_RATELIMIT_HEADERS ${rule} (got ${JSON.stringify(value)})`),
    )
  })

  it("O9: OWNER_<TYPE>_PER_MINUTE and OWNER_<TYPE>_PER_MONTH become createKeyward's ownerLimits; a type with none set is left out", () => {
    expect(
      parseEnv({
        OWNER_TEST_PER_MINUTE: '20',
        OWNER_TEST_PER_MONTH: '5000',
        OWNER_LIVE_PER_MINUTE: '600',
        OWNER_LIVE_PER_MONTH: '1000000',
      }).ownerLimits,
    ).toEqual({
      test: { perMinute: 20, perMonth: 5000 },
      live: { perMinute: 600, perMonth: 1_000_000 },
    })
    expect(parseEnv({ OWNER_TEST_PER_MONTH: ' 3000 ' }).ownerLimits).toEqual({ test: { perMonth: 3000 } })
    expect(parseEnv({ OWNER_LIVE_PER_MINUTE: '1' }).ownerLimits).toEqual({ live: { perMinute: 1 } })
    expect(parseEnv({ OWNER_TEST_PER_MINUTE: '', OWNER_LIVE_PER_MONTH: ' ' }).ownerLimits).toBeNull()
  })

  it.each([
    ['OWNER_TEST_PER_MINUTE', '0'],
    ['OWNER_TEST_PER_MONTH', '-5'],
    ['OWNER_LIVE_PER_MINUTE', '1.5'],
    ['OWNER_LIVE_PER_MONTH', 'lots'],
    ['OWNER_TEST_PER_MINUTE', '1e3'],
    ['OWNER_LIVE_PER_MONTH', '9999999999999999'],
  ])('O9: %s=%s is refused with an EnvError naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^${name} must be a positive whole number`))
  })

  it('K3: reads PEPPER and the comma-separated PEPPER_PREVIOUS for pepper rotation', () => {
    const a = 'a'.repeat(32)
    const b = 'b'.repeat(40)
    expect(parseEnv({ PEPPER: b, PEPPER_PREVIOUS: ` ${a} ,` }).pepper).toEqual({ current: b, previous: [a] })
    expect(parseEnv({ PEPPER: a }).pepper).toEqual({ current: a, previous: [] })
  })

  it('K3: a short pepper, or previous peppers without a current one, are refused without echoing them', () => {
    const short = 'short-secret-pepper'
    expect(() => parseEnv({ PEPPER: short })).toThrow(/^PEPPER must be at least 32/)
    expect(() => parseEnv({ PEPPER: short })).not.toThrow(new RegExp(short))
    expect(() => parseEnv({ PEPPER: 'c'.repeat(32), PEPPER_PREVIOUS: short })).toThrow(/^PEPPER_PREVIOUS /)
    expect(() => parseEnv({ PEPPER_PREVIOUS: 'd'.repeat(32) })).toThrow(/^PEPPER_PREVIOUS needs PEPPER/)
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
    expect(config).toMatchObject({
      framework: 'hono',
      port: 8080,
      host: '0.0.0.0',
      store: 'redis',
      failedAuthLimit: 0,
      trustProxy: 2,
    })
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
    expect(parseEnv({ FRAMEWORK: '', PORT: ' ', DASHBOARD_TOKEN: '' })).toMatchObject({
      framework: 'fastify',
      port: 3000,
      dashboardToken: null,
    })
  })

  it('names the variable in an EnvError', () => {
    expect(() => parseEnv({ HOST: 'bad host' })).toThrow(EnvError)
    expect(() => parseEnv({ HOST: 'bad host' })).toThrow(/^HOST /)
    expect(() => parseEnv({ PORT: '1e3' })).toThrow(/^PORT /)
  })

  it('S11: USAGE_STORE is redis by default with STORE=postgres and REDIS_URL, postgres without REDIS_URL; redis without REDIS_URL or another value is refused', () => {
    const postgres = { STORE: 'postgres', DATABASE_URL: 'postgres://db/app' }
    const redis = { ...postgres, REDIS_URL: 'redis://cache:6379' }
    expect(parseEnv(redis).postgres?.usageStore).toBe('redis')
    expect(parseEnv({ ...redis, USAGE_STORE: 'postgres' }).postgres?.usageStore).toBe('postgres')
    expect(parseEnv(postgres).postgres?.usageStore).toBe('postgres')
    expect(() => parseEnv({ ...postgres, USAGE_STORE: 'redis' })).toThrow(
      new EnvError('USAGE_STORE is redis, which needs REDIS_URL (the Redis cache in front of Postgres) (got "redis")'),
    )
    expect(() => parseEnv({ ...redis, USAGE_STORE: 'memory' })).toThrow(
      new EnvError('USAGE_STORE must be redis or postgres (got "memory")'),
    )
  })

  it('shows a REDIS_URL or DATABASE_URL of the wrong kind without its password', () => {
    expect(() => parseEnv({ REDIS_URL: 'http://app:s3cret@cache:6379' })).toThrow(
      new EnvError('REDIS_URL must be a redis:// or rediss:// URL (got "http://app:…@cache:6379")'),
    )
    expect(() => parseEnv({ STORE: 'postgres', DATABASE_URL: 'mysql://app:s3cret@db/app' })).toThrow(
      /\(got "mysql:\/\/app:…@db\/app"\)$/,
    )
  })
})
