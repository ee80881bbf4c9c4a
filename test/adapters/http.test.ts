/** The framework-neutral pieces of the adapter kit that every adapter relies on. */
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createAdapterKit, readCredentialLines, resolveClientIp, splitJoinedAuthorization } from '../../src/http/kit.js'
import { clientErrorHandler } from '../../src/http/parser-error.js'
import { canonicalPath, pathOf, queryOf } from '../../src/http/classify.js'
import { createKeyward } from '../../src/keyward.js'
import type { RequestView } from '../../src/core/types.js'

describe('URLs', () => {
  it.each([
    ['/api/v1/ping', '/api/v1/ping', ''],
    ['/api/v1/ip/lookup?ip=1.2.3.4&x=y', '/api/v1/ip/lookup', 'ip=1.2.3.4&x=y'],
    ['http://localhost:3000/api/v1/ping?q', '/api/v1/ping', 'q'],
    ['https://example.com', '/', ''],
  ])('%s → path %s, query %s', (url, path, query) => {
    expect(pathOf(url)).toBe(path)
    expect(queryOf(url)).toBe(query)
  })
})

describe('classify (A1, R4)', () => {
  // The reference server's layout: a dashboard, and keyward's 404 under /api.
  const core = createAdapterKit(createKeyward(), { dashboard: () => true, notFound: '/api' }, 'test')
  it.each([
    ['/api/v1/ping', 'ping'],
    ['/api/v1/auth/test', 'auth-test'],
    ['/api/v1/ip/lookup', 'protected'],
    ['/api/v1/ping/', 'protected'],
    ['/api/dashboard/api-keys', 'dashboard'],
    ['/api/dashboard', 'not-found'],
    ['/api/dashboardx/a', 'not-found'],
    ['/api/v1', 'protected'],
    ['/api/v10', 'not-found'],
    ['/api/v1x', 'not-found'],
    ['/api/v2/ping', 'not-found'],
    ['/api', 'not-found'],
    ['/apix/v1/ping', 'outside'],
    ['/apix', 'outside'],
    ['/ap', 'outside'],
    ['/health', 'outside'],
  ])('%s is %s', (path, kind) => {
    expect(core.classify(path)).toBe(kind)
  })

  it("A1: without a notFound root, paths outside the protected ones are the host's", () => {
    const guest = createAdapterKit(createKeyward(), {}, 'test')
    expect(['/api/v2/x', '/api', '/api/dashboard/api-keys'].map((path) => guest.classify(path))).toEqual([
      'outside',
      'outside',
      'outside',
    ])
    const v2 = createAdapterKit(
      createKeyward(),
      { paths: ['/v2/', '/internal'], ping: '/healthz', authTest: false },
      'test',
    )
    expect(
      ['/v2/things', '/internal/x', '/healthz', '/api/v1/auth/test', '/api/v1/x'].map((path) => v2.classify(path)),
    ).toEqual(['protected', 'protected', 'ping', 'outside', 'outside'])
  })

  // A3: any reading a router may take of the path only makes a request stricter.
  it.each([
    ['/%61pi/v1/reports', 'protected'],
    ['/ap%69/v1/reports', 'protected'],
    ['/%2561pi/v1/reports', 'protected'],
    ['/API/V1/reports', 'protected'],
    ['/api/V1/ping', 'protected'],
    ['//api/v1/reports', 'protected'],
    ['/x/../api/v1/reports', 'protected'],
    ['/x/%2e%2e/api/v1/reports', 'protected'],
    ['/api;x/v1/reports', 'protected'],
    ['/api%2Fv1%2Freports', 'protected'],
    ['/api\\v1\\reports', 'protected'],
    ['/api%00/v1/reports', 'protected'],
    ['http://host/%61pi/v1/reports?x=1', 'protected'],
    ['/%61pi/v2/x', 'not-found'],
    ['/%61pi/v1/ping', 'protected'],
    ['/healthz', 'outside'],
    ['/static/%zz', 'outside'],
    ['/apix/../static', 'outside'],
  ])('A3: %s is %s', (target, kind) => {
    expect(core.classify(target)).toBe(kind)
  })

  // A8: a protected prefix guards its own root, in every spelling a router may route there, and no wider.
  it.each([
    ['/api/v1', 'protected'],
    ['/api/v1/', 'protected'],
    ['/API/V1', 'protected'],
    ['///api/v1/', 'protected'],
    ['/api/v1;/', 'protected'],
    ['/api/./v1/', 'protected'],
    ['/api/v1%2F', 'protected'],
    ['/api/v1#x', 'protected'],
    ['/api/v10', 'outside'],
    ['/api/v1x', 'outside'],
    ['/api/v', 'outside'],
    ['/api', 'outside'],
  ])('A8: without a notFound root, %s is %s', (target, kind) => {
    expect(createAdapterKit(createKeyward(), {}, 'test').classify(target)).toBe(kind)
  })

  it('A8: a route the framework matched at the root of a prefix is protected', () => {
    const guest = createAdapterKit(createKeyward(), { paths: ['/v2/'] }, 'test')
    const kinds = [guest.classify('/x', '/v2'), guest.classify('/v2'), guest.classify('/v20'), guest.classify('/v')]
    expect(kinds).toEqual(['protected', 'protected', 'outside', 'outside'])
  })

  it('A3: the route a framework matched counts as a reading of its own', () => {
    expect(core.classify('/anything', '/api/v1/users/:id')).toBe('protected')
    expect(core.classify('/api/v1/reports', '/*')).toBe('protected')
    expect(core.classify('/public', '/*')).toBe('outside')
  })
})

describe('canonicalPath (A3)', () => {
  it.each([
    ['/api/v1/reports', '/api/v1/reports'],
    ['/%2561pi//v1/./reports;x=1/', '/api/v1/reports'],
    ['/a/b/../../../c', '/c'],
    ['/a%2Fb', '/a/b'],
    ['/a\\b', '/a/b'],
    ['/a/%zz', '/a/%zz'],
    ['/Key_AbC/x', '/Key_AbC/x'],
  ])('%s reads as %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical)
  })
})

describe('H1: credential lines', () => {
  it('keeps every Authorization and x-api-key line of rawHeaders, whatever their case', () => {
    const view: RequestView = {}
    readCredentialLines(
      [
        'Host',
        'x',
        'Authorization',
        'Bearer a',
        'X-API-KEY',
        'k1',
        'authorization',
        '',
        'x-api-key',
        'k2',
        'Accept',
        '*/*',
      ],
      view,
    )
    expect(view.authorization).toEqual(['Bearer a', ''])
    expect(view.apiKey).toEqual(['k1', 'k2'])
  })

  it('leaves one line a string and absent headers undefined', () => {
    const view: RequestView = {}
    readCredentialLines(['authorization', 'Bearer a'], view)
    expect(view).toEqual({ authorization: 'Bearer a' })
  })

  it('H1: fails closed on the lines Node may have dropped: at its cap (server.maxHeadersCount, 1000 lines when unset), neither credential header is read', () => {
    const core = createAdapterKit(createKeyward(), {}, 'test')
    const lines = (count: number) => [
      'Authorization',
      'Bearer a',
      'x-api-key',
      'k',
      ...Array.from({ length: (count - 2) * 2 }, (_, i) => (i % 2 ? 'v' : 'x-filler')),
    ]
    const request = (count: number, maxHeadersCount?: number | null) =>
      ({
        method: 'GET',
        rawHeaders: lines(count),
        headers: {},
        socket: maxHeadersCount === undefined ? {} : { server: { maxHeadersCount } },
      }) as never
    const atDefaultCap = core.viewFromNode(request(1000), '/api/v1/x', 'req_x')
    expect(atDefaultCap.headersTruncated).toBe(true)
    expect(atDefaultCap.authorization).toBeUndefined()
    expect(atDefaultCap.apiKey).toBeUndefined()
    expect(core.viewFromNode(request(999, null), '/api/v1/x', 'req_x').authorization).toBe('Bearer a')
    // A server that keeps every line (maxHeadersCount = 0) reads them all, however many.
    const uncapped = core.viewFromNode(request(2100, 0), '/api/v1/x', 'req_x')
    expect([uncapped.headersTruncated, uncapped.authorization, uncapped.apiKey]).toEqual([undefined, 'Bearer a', 'k'])
    expect(core.viewFromNode(request(2100, 2000), '/api/v1/x', 'req_x').headersTruncated).toBe(true)
    expect(core.viewFromNode(request(1999, 2000), '/api/v1/x', 'req_x').authorization).toBe('Bearer a')
  })

  it('reads a joined fetch value as the duplicate it is; a single value stays whole', () => {
    expect(splitJoinedAuthorization('Bearer a, Bearer b')).toEqual(['Bearer a', 'Bearer b'])
    expect(splitJoinedAuthorization('Bearer a,b')).toBe('Bearer a,b')
  })
})

describe('trustProxy: the client address', () => {
  const xff = '198.51.100.1, 203.0.113.7, 10.0.0.2'
  it.each([
    [0, '10.0.0.9'],
    [1, '10.0.0.2'],
    [2, '203.0.113.7'],
    [3, '198.51.100.1'],
    [9, '198.51.100.1'],
    [Number.POSITIVE_INFINITY, '198.51.100.1'],
  ])('%d trusted hops → %s', (hops, ip) => {
    expect(resolveClientIp('10.0.0.9', xff, hops)).toBe(ip)
  })

  it('stops at an entry that is not an address, and unwraps IPv4-mapped IPv6', () => {
    expect(resolveClientIp('::ffff:10.0.0.9', 'evil, 203.0.113.7', Number.POSITIVE_INFINITY)).toBe('203.0.113.7')
    expect(resolveClientIp('::ffff:10.0.0.9', undefined, 1)).toBe('10.0.0.9')
    expect(resolveClientIp(undefined, undefined, 0)).toBeNull()
  })
})

describe('R2: clientErrorHandler', () => {
  function answer(code: string | undefined): string {
    const socket = new PassThrough()
    let written = ''
    socket.on('data', (chunk) => (written += chunk))
    clientErrorHandler(createKeyward())(Object.assign(new Error('parse'), { code }), socket)
    return written
  }

  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'Request header fields too large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'The request head was not received in time'],
    ['HPE_INVALID_HEADER_TOKEN', 400, 'Malformed HTTP request'],
  ])('%s → %d with the envelope and a request id', (code, status, message) => {
    const text = answer(code)
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(text).toMatch(/\r\nX-Request-ID: req_[A-Za-z0-9_-]{24,}\r\n/)
    expect(text).toContain('\r\nConnection: close\r\n')
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))
    expect(body).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining(message) } })
  })

  it('writes nothing to a connection the client already reset', () => {
    expect(answer('ECONNRESET')).toBe('')
  })
})
