/**
 * U2 for a host whose dashboard guard reads its own login cookie (`webPage: { signIn: 'session' }`):
 * the page shows no token form, works with the browser's cookie, marks every dashboard request with
 * the custom header a cross-site form or image cannot send, and sends no cookie with a Test.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DashboardRequest } from '../../src/index.js'
import { createKeyward } from '../../src/index.js'
import { PAGE_APPS, type PageApp, startPageApp } from './apps.js'
import { expectAccessible, launchBrowser, newContext, RUN_BROWSER_TESTS, screenshot, watchPage } from './browser.js'

const SESSION_COOKIE = { name: 'sid', value: 'session-of-acme' }

/** The host's guard: its session cookie, and the page's header, so no other site can ride the cookie. */
function cookieGuard(request: DashboardRequest) {
  if (request.headers['x-keyward-request'] !== '1') return false
  const cookies = String(request.headers.cookie ?? '').split(/;\s*/)
  return cookies.includes(`${SESSION_COOKIE.name}=${SESSION_COOKIE.value}`) ? { ownerId: 'acme' } : false
}

describe.runIf(RUN_BROWSER_TESTS)('U2 the page on a host with its own login session', () => {
  let browser: Browser
  let app: PageApp
  beforeAll(async () => {
    const express = PAGE_APPS.find((candidate) => candidate.name === 'express 5')!
    ;[browser, app] = await Promise.all([
      launchBrowser(),
      startPageApp(express.build, createKeyward(), {
        dashboard: { authorize: cookieGuard },
        webPage: { signIn: 'session' },
      }),
    ])
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })

  async function openPage(
    withCookie: boolean,
  ): Promise<{ page: Page; problems: string[]; dashboardRequests: Record<string, string>[]; close(): Promise<void> }> {
    const context = await newContext(browser, app.base)
    if (withCookie) await context.addCookies([{ ...SESSION_COOKIE, url: app.base }])
    const page = await context.newPage()
    const { problems } = watchPage(page)
    const dashboardRequests: Record<string, string>[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/'))
        void request
          .allHeaders()
          .then((headers) => dashboardRequests.push({ path: new URL(request.url()).pathname, ...headers }))
    })
    return { page, problems, dashboardRequests, close: () => context.close() }
  }

  it('U2 without the session: no token form, the page says to sign in to the application', async () => {
    const { page, problems, close } = await openPage(false)
    await page.goto(`${app.base}/dashboard/`)
    await page.getByRole('heading', { name: 'Not signed in' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Dashboard token' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false)
    await expectAccessible(page, 'session: signed out')
    expect(problems).toEqual([])
    await close()
  }, 60_000)

  it("U2 with the session: the keys of the session's owner, every dashboard request marked with X-Keyward-Request, no cookie sent with a Test", async () => {
    const { page, problems, dashboardRequests, close } = await openPage(true)
    await page.goto(`${app.base}/dashboard/`)
    await page.getByRole('heading', { name: 'API Keys' }).waitFor()
    expect(await page.getByText('Signed in', { exact: true }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.getByRole('dialog', { name: 'Create key' }).getByRole('textbox', { name: 'Name' }).fill('Session key')
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api-keys') && r.request().method() === 'POST'),
      page.getByRole('dialog', { name: 'Create key' }).getByRole('button', { name: 'Create', exact: true }).click(),
    ])
    const { key, ownerId } = (await created.json()).data
    expect(ownerId).toBe('acme')
    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('rowheader', { name: 'Session key' }).waitFor()
    await screenshot(page, 'desktop-13-session-host')

    await page.getByRole('button', { name: 'Test' }).click()
    await page.getByRole('textbox', { name: 'API key' }).fill(key)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect
      .poll(() => page.getByRole('dialog', { name: /Test/ }).getByRole('status').textContent())
      .toContain('HTTP 200')

    const dashboard = dashboardRequests.filter((headers) => headers.path!.startsWith('/api/dashboard/'))
    expect(dashboard.length).toBeGreaterThanOrEqual(3)
    for (const headers of dashboard) {
      expect(headers['x-keyward-request'], headers.path).toBe('1')
      expect(headers.cookie, headers.path).toBe(`${SESSION_COOKIE.name}=${SESSION_COOKIE.value}`)
      expect(headers.authorization, headers.path).toBeUndefined()
    }
    const tests = dashboardRequests.filter((headers) => headers.path === '/api/v1/auth/test')
    expect(tests).toHaveLength(1)
    expect(tests[0]!.cookie).toBeUndefined()
    expect(tests[0]!['x-keyward-request']).toBeUndefined()
    expect(problems).toEqual([])
    await close()
  }, 60_000)
})
