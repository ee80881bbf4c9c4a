/**
 * M9, M3, U: the key-management page shows what a key's credits have left under its name, and an
 * administrator sets or removes them in the Limits dialog; a value the server refuses is marked on
 * its field. Headless Chromium on the reference server; screenshots under .tmp/web-page-screens,
 * no CSP violation or script error, axe-core clean.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  dashboardCall,
  DESKTOP,
  expectAccessible,
  PHONE,
  RUN_BROWSER_TESTS,
  screenshot,
  usePageSuite,
} from './browser.js'

const CREDITS = { remaining: 1200, refill: { amount: 5000, every: 'month', day: 15 } }

describe.runIf(RUN_BROWSER_TESTS)('the web page shows and edits credits (M9, M3)', () => {
  let id = ''
  const suite = usePageSuite({
    setup: async ({ server }) => {
      const created = await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Metered', credits: CREDITS })
      expect(created.status).toBe(201)
      id = created.json.data.id
    },
  })
  const open = (viewport: { width: number; height: number }) => suite.open(viewport)

  const rowOf = (page: Page) => page.getByRole('row').filter({ has: page.getByText('Metered', { exact: true }) })

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'M9: at %s width the row says what is left; the Limits dialog edits the credits, marking a refill it refuses',
    async (width, viewport) => {
      expect((await dashboardCall(suite.server.base, 'PATCH', `/api-keys/${id}`, { credits: CREDITS })).status).toBe(
        200,
      )
      const page = await open(viewport)
      const row = rowOf(page)
      await expect
        .poll(() => row.getByText(/^Credits left/).textContent())
        .toBe('Credits left: 1,200, refilled to 5,000 each month on day 15')
      await screenshot(page, `${width}-credits`, true)
      await row.getByText('More', { exact: true }).click()
      await row.getByRole('button', { name: 'Limits' }).click()
      const dialog = page.getByRole('dialog', { name: 'Limits of “Metered”' })
      await dialog.waitFor()
      const left = dialog.getByRole('textbox', { name: 'Credits left' })
      const refill = dialog.getByRole('textbox', { name: 'Refill' })
      expect(await left.inputValue()).toBe('1200')
      expect(await refill.inputValue()).toBe('5000/month@15')
      await expectAccessible(page, `credits in the limits dialog at ${width} width`)

      await refill.fill('10/week')
      await dialog.getByRole('button', { name: 'Save limits' }).click()
      // Said as the field is captioned and typed, not as the API names it.
      await expect
        .poll(() => dialog.getByRole('alert').textContent())
        .toBe('Refill must be <n>/day or <n>/month, with @<day> (1 to 28) for a billing day: 1000/month@15.')
      expect(await refill.getAttribute('aria-invalid')).toBe('true')
      await screenshot(page, `${width}-credits-dialog-error`)

      await left.fill('300')
      await refill.fill('')
      await dialog.getByRole('button', { name: 'Save limits' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await expect.poll(() => row.getByText(/^Credits left/).textContent()).toBe('Credits left: 300')
      const stored = await dashboardCall(suite.server.base, 'GET', `/api-keys/${id}`)
      expect(stored.json.data.credits).toEqual({ remaining: 300 })
    },
    60_000,
  )
})
