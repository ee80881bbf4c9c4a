/**
 * U1: the web page as every adapter serves it: at exact paths only, its assets built in, a strict
 * Content-Security-Policy, no-store, GET and HEAD only; and the `webPage` option's checks.
 */
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { createKeyward } from '../../src/index.js'
import { renderPage } from '../../src/web-page/html.js'
import { WEB_PAGE_CSP } from '../../src/web-page/index.js'
import { PAGE_APPS, type PageApp, startPageApp } from './apps.js'
import { PAGE_ICON, PAGE_SCRIPT, PAGE_STYLE } from './page-assets.js'

const GUARD = { authorize: () => true }
const EXPECTED_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; " +
  "base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'"

async function get(url: string, init?: RequestInit) {
  const response = await fetch(url, { redirect: 'manual', ...init })
  return { status: response.status, headers: response.headers, body: await response.text() }
}

describe.each(PAGE_APPS)('U1 the web page on $name', ({ build }) => {
  let app: PageApp
  let custom: PageApp
  let without: PageApp
  beforeAll(async () => {
    const keyward = createKeyward({ serviceName: `A<b>&'c` })
    app = await startPageApp(build, keyward, { dashboard: GUARD, webPage: true })
    custom = await startPageApp(build, createKeyward({ keyPrefix: 'acme' }), {
      dashboard: GUARD,
      dashboardPath: '/admin/api',
      authTest: false,
      webPage: { path: '/admin/keys', signIn: 'session' },
    })
    without = await startPageApp(build, createKeyward(), { dashboard: GUARD })
  })
  afterAll(async () => {
    await Promise.all([app?.close(), custom?.close(), without?.close()])
  })

  it('U1 serves the page at /dashboard/ with the CSP, no-store, no framing and a request id', async () => {
    const page = await get(`${app.base}/dashboard/`)
    expect(page.status, page.body).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(EXPECTED_CSP)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9_-]{24,}$/)
    expect(page.body).toContain(
      'data-dashboard="/api/dashboard" data-auth-test="/api/v1/auth/test" data-key-prefix="svc" data-sign-in="token"',
    )
    expect(page.body).toContain('<script src="/dashboard/app.js" defer></script>')
    expect(page.body).toContain('<title>API Keys · A&lt;b&gt;&amp;&#39;c</title>')
  })

  it('U1 serves the script, the style sheet and the icon from the package, each with its type', async () => {
    for (const [path, type, body] of [
      ['app.js', 'text/javascript; charset=utf-8', PAGE_SCRIPT],
      ['app.css', 'text/css; charset=utf-8', PAGE_STYLE],
      ['icon.svg', 'image/svg+xml', PAGE_ICON],
    ] as const) {
      const asset = await get(`${app.base}/dashboard/${path}`)
      expect(asset.status, path).toBe(200)
      expect(asset.headers.get('content-type'), path).toBe(type)
      expect(asset.headers.get('content-security-policy'), path).toBe(EXPECTED_CSP)
      expect(asset.headers.get('cache-control'), path).toBe('no-store')
      expect(asset.body, path).toBe(body)
    }
  })

  it('U1 answers HEAD with the headers and no body, another method with 405 and Allow', async () => {
    const head = await get(`${app.base}/dashboard/app.js`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(head.body).toBe('')
    const post = await get(`${app.base}/dashboard/`, { method: 'POST', body: 'x' })
    expect(post.status, post.body).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect(JSON.parse(post.body).error.code).toBe('method_not_allowed')
  })

  it('U1 redirects the path without its slash, and answers nothing else under it', async () => {
    const bare = await get(`${app.base}/dashboard?x=1`)
    expect(bare.status).toBe(308)
    expect(bare.headers.get('location')).toBe('/dashboard/')
    for (const path of [
      '/dashboard/index.html',
      '/dashboard/app.js/',
      '/Dashboard/',
      '/dashboard//app.js',
      '/dashboard/%61pp.js',
    ]) {
      const other = await get(`${app.base}${path}`)
      expect(other.status, path).toBe(404)
      expect(other.headers.get('content-security-policy'), path).not.toBe(EXPECTED_CSP)
    }
  })

  it('U1 with webPage { path, signIn } and no auth test: the page at that path, told where the routes are and that there is no Test', async () => {
    const page = await get(`${custom.base}/admin/keys/`)
    expect(page.status).toBe(200)
    expect(page.body).toContain(
      'data-dashboard="/admin/api" data-auth-test="" data-key-prefix="acme" data-sign-in="session"',
    )
    expect(page.body).toContain('<script src="/admin/keys/app.js" defer></script>')
    expect(page.body).not.toContain('id="test-dialog"')
    expect(page.body).not.toContain('id="sign-in-token"')
    expect((await get(`${custom.base}/dashboard/`)).status).toBe(404)
  })

  it('U1 without the webPage option keyward serves no page', async () => {
    const page = await get(`${without.base}/dashboard/`)
    expect(page.status).toBe(404)
    expect(page.headers.get('content-security-policy')).not.toBe(EXPECTED_CSP)
    expect(page.body).not.toContain('<!doctype html>')
  })
})

describe('U1 the page assets', () => {
  const html = renderPage({
    path: '/dashboard/',
    signIn: 'token',
    dashboardPath: '/api/dashboard',
    authTestPath: '/api/v1/auth/test',
    serviceName: 'Svc',
    keyPrefix: 'svc',
  })

  it('U1 the HTML holds no inline script, style or event handler (the CSP would block them)', () => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/)
    expect(html).not.toMatch(/<style/i)
    expect(html).not.toMatch(/\sstyle=/i)
    expect(html).not.toMatch(/\son[a-z]+=/i)
    expect(html).not.toMatch(/https?:\/\//)
  })

  it('U1 the script parses, declares no global, and never parses HTML or evaluates text', () => {
    expect(() => new Function(PAGE_SCRIPT)).not.toThrow()
    expect(PAGE_SCRIPT.startsWith("'use strict';\n(() => {")).toBe(true)
    expect(PAGE_SCRIPT.trimEnd().endsWith('})();')).toBe(true)
    expect(PAGE_SCRIPT).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function|localStorage|document\.cookie/,
    )
  })

  it('U1 all assets together are at most 60 KiB gzip', () => {
    const total = [html, PAGE_SCRIPT, PAGE_STYLE, PAGE_ICON].reduce(
      (sum, text) => sum + gzipSync(text, { level: 9 }).length,
      0,
    )
    expect(total).toBeLessThanOrEqual(60 * 1024)
  })

  it('U1 the CSP allows nothing from another origin and no inline code', () => {
    expect(WEB_PAGE_CSP).toBe(EXPECTED_CSP)
  })
})

describe('U1 the webPage option', () => {
  const keyward = createKeyward()
  const make = (options: object) => () => keywardExpress(keyward, options as never)

  it.each([
    [
      { webPage: true },
      'keyward/express: option "webPage" needs option "dashboard": the page manages keys through the dashboard routes (got true)',
    ],
    [
      { dashboard: GUARD, webPage: 'yes' },
      'keyward/express: option "webPage" must be true, false or { path?, signIn? } (got "yes")',
    ],
    [
      { dashboard: GUARD, webPage: { path: 'dashboard' } },
      'keyward/express: option "webPage.path" must be a path like "/dashboard/" (segments of letters, digits and ._~-) (got "dashboard")',
    ],
    [
      { dashboard: GUARD, webPage: { path: '/' } },
      'keyward/express: option "webPage.path" must be a path like "/dashboard/"',
    ],
    [
      { dashboard: GUARD, webPage: { signIn: 'cookie' } },
      'keyward/express: option "webPage.signIn" must be "token" or "session" (got "cookie")',
    ],
    [
      { dashboard: GUARD, webPage: { paht: '/x/' } },
      'keyward/express: option "webPage.paht" is not an option of the web page; they are path, signIn (got "/x/")',
    ],
    [
      { dashboard: GUARD, webPage: { path: '/api/dashboard/page/' } },
      'keyward/express: option "webPage.path" must lie outside the dashboard routes (/api/dashboard/) (got "/api/dashboard/page/")',
    ],
  ])('U1 refuses %j at setup', (options, message) => {
    expect(make(options)).toThrow(TypeError)
    expect(make(options)).toThrow(message)
  })

  it('U1 takes false as no page', () => {
    expect(make({ dashboard: GUARD, webPage: false })).not.toThrow()
  })
})
