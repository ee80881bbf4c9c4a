/**
 * U1, U10: the page works the same on the reference server's other frameworks: sign in, create a
 * key (shown once), Test it, revoke it, with the CSP header and no violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import {
  authTest,
  expectAccessible,
  launchBrowser,
  newContext,
  placesHolding,
  RUN_BROWSER_TESTS,
  signIn,
  startReference,
  watchPage,
} from './browser.js'

describe.runIf(RUN_BROWSER_TESTS)('U10 the web page on the other frameworks', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it.each(['express', 'hono'] as const)(
    'U1 U4 U5 U6 FRAMEWORK=%s: create shows the key once, Test answers 200, revoke shows Revoked',
    async (framework) => {
      const server = await startReference(framework)
      const context = await newContext(browser, server.base)
      try {
        const page = await context.newPage()
        const watch = watchPage(page)
        const response = await page.goto(`${server.base}/dashboard/`)
        expect(response!.headers()['content-security-policy']).toContain("default-src 'none'")
        await signIn(page, server.base)
        await page.getByRole('button', { name: 'Create key' }).click()
        const create = page.getByRole('dialog', { name: 'Create key' })
        await create.getByRole('textbox', { name: 'Name' }).fill(`${framework} key`)
        const [created] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/api-keys') && r.request().method() === 'POST'),
          create.getByRole('button', { name: 'Create', exact: true }).click(),
        ])
        const { key } = (await created.json()).data
        const reveal = page.getByRole('dialog', { name: 'Key created' })
        expect(await reveal.locator('code').first().textContent()).toBe(key)
        await reveal.getByRole('button', { name: 'Done' }).click()

        const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${framework} key` }) })
        await row.getByRole('button', { name: 'Test' }).click()
        const test = page.getByRole('dialog', { name: /Test/ })
        await test.getByRole('textbox', { name: 'API key' }).fill(key)
        await test.getByRole('button', { name: 'Send' }).click()
        await expect.poll(() => test.getByRole('status').textContent()).toContain('HTTP 200')
        await test.getByRole('button', { name: 'Close' }).click()

        await row.getByRole('button', { name: 'Revoke' }).click()
        await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
        await row.getByText('Revoked').waitFor()
        expect((await authTest(server.base, key)).json.error.code).toBe('API_KEY_REVOKED')
        await expectAccessible(page, `${framework} keys`)
        expect(await placesHolding(page, key)).toEqual([])
        expect(watch.problems).toEqual([])
      } finally {
        await context.close()
        await server.stop()
      }
    },
    60_000,
  )
})
