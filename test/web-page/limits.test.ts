/**
 * M9, U: the key-management page shows a key's own limits under its name, each with its window in
 * words ("100 per 10 seconds", "5,000 per billing month from the 15th"), at desktop and phone
 * widths; a key on its type's defaults shows none. Headless Chromium on the reference server;
 * screenshots under .tmp/web-page-screens, no CSP violation or script error, axe-core clean.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  dashboardCall,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  type Reference,
  RUN_BROWSER_TESTS,
  screenshot,
  signIn,
  startReference,
  watchPage,
} from './browser.js'

describe.runIf(RUN_BROWSER_TESTS)('the web page shows named limits (M9)', () => {
  let browser: Browser
  let server: Reference
  let context: BrowserContext | undefined
  let watch: { problems: string[] } | undefined

  beforeAll(async () => {
    ;[browser, server] = await Promise.all([launchBrowser(), startReference('fastify')])
    const limits = [
      { name: 'burst', limit: 100, window: '10s' },
      { name: 'daily', limit: 20000, window: '1d' },
      { name: 'billing', limit: 5000, window: { month: { day: 15 } } },
      { name: 'monthly', limit: 100000, window: 'month' },
    ]
    expect((await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Paid plan', limits })).status).toBe(201)
    const shorthand = { name: 'Throttled', limits: { perMinute: 5 } }
    expect((await dashboardCall(server.base, 'POST', '/api-keys', shorthand)).status).toBe(201)
    expect((await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Defaults' })).status).toBe(201)
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })
  afterEach(async () => {
    const problems = watch?.problems ?? []
    await context?.close()
    expect(problems, 'no CSP violation or script error').toEqual([])
  })

  async function open(viewport: { width: number; height: number }): Promise<Page> {
    context = await newContext(browser, server.base, viewport)
    const page = await context.newPage()
    watch = watchPage(page)
    await signIn(page, server.base)
    return page
  }

  const limitsOf = (page: Page, name: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByText(name, { exact: true }) })
      .getByRole('list', { name: 'Limits' })

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'M9: at %s width each limit is a line with its window in words; the defaults show no list',
    async (width, viewport) => {
      const page = await open(viewport)
      await expect
        .poll(() => limitsOf(page, 'Paid plan').getByRole('listitem').allTextContents())
        .toEqual([
          'burst: 100 per 10 seconds',
          'daily: 20,000 per day',
          'billing: 5,000 per billing month from the 15th',
          'monthly: 100,000 per calendar month',
        ])
      expect(await limitsOf(page, 'Throttled').getByRole('listitem').allTextContents()).toEqual([
        'minute: 5 per minute',
      ])
      expect(await limitsOf(page, 'Defaults').count()).toBe(0)
      await screenshot(page, `${width}-limits`, true)
      await expectAccessible(page, `limits at ${width} width`)
    },
    60_000,
  )
})
