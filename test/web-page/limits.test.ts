/**
 * M9, U: the key-management page shows a key's own limits under its name, each with its window in
 * words ("100 per 10 seconds", "5,000 per billing month from the 15th"), at desktop and phone
 * widths; a key on its type's defaults shows none. Headless Chromium on the reference server;
 * screenshots under .tmp/web-page-screens, no CSP violation or script error, axe-core clean.
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

const EDITABLE = [
  { name: 'burst', limit: 100, window: '10s' },
  { name: 'daily', limit: 20000, window: '1d' },
]

describe.runIf(RUN_BROWSER_TESTS)('the web page shows named limits (M9)', () => {
  let editableId = ''
  const suite = usePageSuite({
    setup: async ({ server }) => {
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
      const editable = { name: 'Editable', ownerId: 'acme', limits: EDITABLE }
      const created = await dashboardCall(server.base, 'POST', '/api-keys', editable)
      expect(created.status).toBe(201)
      editableId = created.json.data.id
    },
  })
  const open = (viewport: { width: number; height: number }) => suite.open(viewport)

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

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    "M9: at %s width an administrator edits a key's limits in its dialog: a bad window is shown inline on its field; rows are removed and added; the saved list is stored and shown",
    async (width, viewport) => {
      const reset = await dashboardCall(suite.server.base, 'PATCH', `/api-keys/${editableId}`, { limits: EDITABLE })
      expect(reset.status).toBe(200)
      const page = await open(viewport)
      const row = page.getByRole('row').filter({ has: page.getByText('Editable', { exact: true }) })
      await row.getByText('More', { exact: true }).click()
      await row.getByRole('button', { name: 'Limits' }).click()
      const dialog = page.getByRole('dialog', { name: 'Limits of “Editable”' })
      await dialog.waitFor()
      expect(await dialog.getByRole('textbox', { name: 'Window of limit 1' }).inputValue()).toBe('10s')
      expect(await dialog.getByRole('textbox', { name: 'Window of limit 2' }).inputValue()).toBe('1d')
      await screenshot(page, `${width}-limits-dialog`)
      await expectAccessible(page, `limits dialog at ${width} width`)

      const window2 = dialog.getByRole('textbox', { name: 'Window of limit 2' })
      await window2.fill('1x')
      await dialog.getByRole('button', { name: 'Save limits' }).click()
      // Said as the field is captioned and typed, not as the API names it ("limits[1].window", "{ month: { day } }").
      await expect
        .poll(() => dialog.getByRole('alert').textContent())
        .toBe(
          'Window of limit 2 must be 1 second to 31 days (10s, 15m, 1h, 30d), month, or month@<day> for a billing month from day 1 to 28.',
        )
      expect(await window2.getAttribute('aria-invalid')).toBe('true')
      expect(await window2.evaluate((element) => element === document.activeElement)).toBe(true)
      await screenshot(page, `${width}-limits-dialog-error`)
      await window2.fill('1d')
      const name1 = dialog.getByRole('textbox', { name: 'Name of limit 1' })
      await name1.fill('Burst')
      await dialog.getByRole('button', { name: 'Save limits' }).click()
      await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/^Name of limit 1 must be a lowercase/)
      expect(await name1.getAttribute('aria-invalid')).toBe('true')
      await name1.fill('burst')

      await dialog.getByRole('button', { name: 'Remove limit 2' }).click()
      await dialog.getByRole('button', { name: 'Add limit' }).click()
      await dialog.getByRole('textbox', { name: 'Name of limit 2' }).fill('billing')
      await dialog.getByRole('textbox', { name: 'Requests of limit 2' }).fill('5000')
      await dialog.getByRole('textbox', { name: 'Window of limit 2' }).fill(`month@${width === 'phone' ? 1 : 15}`)
      await dialog.getByRole('button', { name: 'Save limits' }).click()
      await dialog.waitFor({ state: 'hidden' })
      const billing = width === 'phone' ? '5,000 per calendar month' : '5,000 per billing month from the 15th'
      await expect
        .poll(() => limitsOf(page, 'Editable').getByRole('listitem').allTextContents())
        .toEqual(['burst: 100 per 10 seconds', `billing: ${billing}`])
      const stored = await dashboardCall(suite.server.base, 'GET', `/api-keys/${editableId}`)
      expect(stored.json.data.limits[1]).toEqual({
        name: 'billing',
        limit: 5000,
        window: width === 'phone' ? 'month' : { month: { day: 15 } },
      })
    },
    60_000,
  )

  it('M9: an owner signed in sees its limits but has no Limits button', async () => {
    const page = await suite.open(DESKTOP, { owner: 'acme' })
    await expect.poll(() => limitsOf(page, 'Editable').getByRole('listitem').count()).toBe(2)
    const row = page.getByRole('row').filter({ has: page.getByText('Editable', { exact: true }) })
    expect(await row.getByRole('button', { name: 'Limits' }).count()).toBe(0)
  }, 60_000)
})
