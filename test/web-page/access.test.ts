/**
 * M5, M6, M9, U: the key-management page shows a suspended key's status and the addresses a key is
 * allowed from, and edits both: Suspend and Resume under a row's More menu PATCH `enabled`; the
 * addresses dialog PATCHes `allowedIps` and shows the server's refusal inline. Headless Chromium
 * on the reference server; screenshots under .tmp/web-page-screens, no CSP violation or script
 * error, axe-core clean.
 */
import type { Locator, Page } from 'playwright-core'
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

describe.runIf(RUN_BROWSER_TESTS)('the web page suspends keys and limits their addresses (M9)', () => {
  const ids: Record<string, string> = {}
  const suite = usePageSuite({
    setup: async ({ server }) => {
      for (const [name, ownerId] of [
        ['Pausable desktop', undefined],
        ['Pausable phone', undefined],
        ['Fenced desktop', undefined],
        ['Fenced phone', undefined],
        ['Owned key', 'acme'],
        ['Gone key', undefined],
      ] as const) {
        const created = await dashboardCall(server.base, 'POST', '/api-keys', { name, ownerId })
        expect(created.status).toBe(201)
        ids[name] = created.json.data.id
      }
      expect((await dashboardCall(server.base, 'POST', `/api-keys/${ids['Gone key']}/revoke`)).status).toBe(200)
    },
  })
  const open = (viewport: { width: number; height: number }, owner?: string) => suite.open(viewport, { owner })
  const rowOf = (page: Page, name: string): Locator =>
    page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) })
  const stored = async (name: string) =>
    (await dashboardCall(suite.server.base, 'GET', `/api-keys/${ids[name]}`)).json.data
  /** Opens the row's More menu from the keyboard if it is closed, then presses the named action. */
  async function more(row: Locator, action: string): Promise<void> {
    // Focus returns into an open menu after a dialog closes; Enter would then close it.
    if ((await row.locator('details[open]').count()) === 0) {
      await row.getByText('More', { exact: true }).focus()
      await row.page().keyboard.press('Enter')
    }
    await row.getByRole('button', { name: action }).click()
  }

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'M5, M9: at %s width Suspend shows Suspended and stores it; Resume undoes both',
    async (width, viewport) => {
      const name = `Pausable ${width}`
      const page = await open(viewport)
      const row = rowOf(page, name)
      await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBe(1)
      await more(row, 'Suspend')
      await expect.poll(() => row.getByText('Suspended', { exact: true }).count()).toBe(1)
      expect((await stored(name)).enabled).toBe(false)
      const focused = await page.evaluate(() => document.activeElement?.textContent)
      expect(focused, 'focus stays on the toggle').toBe('Resume')
      await screenshot(page, `${width}-suspended`, true)
      await expectAccessible(page, `suspended key at ${width} width`)

      await row.getByRole('button', { name: 'Resume' }).click()
      await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBe(1)
      expect(await row.getByText('Suspended', { exact: true }).count()).toBe(0)
      expect((await stored(name)).enabled).toBe(true)
    },
    60_000,
  )

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    "M6, M9: at %s width the addresses dialog shows the server's refusal inline, then saves and shows the normalised ranges; emptying it allows any address",
    async (width, viewport) => {
      const name = `Fenced ${width}`
      const page = await open(viewport)
      const row = rowOf(page, name)
      await more(row, 'Addresses')
      const dialog = page.getByRole('dialog', { name: `Allowed addresses of “${name}”` })
      await dialog.waitFor()
      const field = dialog.getByRole('textbox', { name: 'Addresses and ranges' })
      await field.fill('203.0.113.7\n10.1.2.3/33')
      await dialog.getByRole('button', { name: 'Save addresses' }).click()
      // The line refused as typed, not the API's "allowedIps[1]".
      await expect
        .poll(() => dialog.getByRole('alert').textContent())
        .toBe(
          '"10.1.2.3/33" is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32)',
        )
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      expect((await stored(name)).allowedIps ?? null).toBeNull()
      await screenshot(page, `${width}-addresses-dialog-error`)
      await expectAccessible(page, `addresses dialog at ${width} width`)

      await field.fill('203.0.113.7\n\n10.1.2.3/8\n2001:db8::1/32')
      await dialog.getByRole('button', { name: 'Save addresses' }).click()
      await dialog.waitFor({ state: 'hidden' })
      const shown = row.getByRole('list', { name: 'Allowed addresses' }).getByRole('listitem')
      await expect.poll(() => shown.allTextContents()).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'])
      expect((await stored(name)).allowedIps).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'])
      await screenshot(page, `${width}-addresses`, true)

      await more(row, 'Addresses')
      expect(await field.inputValue()).toBe('203.0.113.7\n10.0.0.0/8\n2001:db8::/32')
      await field.fill('')
      await dialog.getByRole('button', { name: 'Save addresses' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await expect.poll(() => row.getByRole('list', { name: 'Allowed addresses' }).count()).toBe(0)
      expect((await stored(name)).allowedIps ?? null).toBeNull()
    },
    60_000,
  )

  it('M5, M9: an owner signed in suspends its own key; a revoked key offers neither Suspend nor Resume', async () => {
    const page = await open(DESKTOP, 'acme')
    const row = rowOf(page, 'Owned key')
    await more(row, 'Suspend')
    await expect.poll(() => row.getByText('Suspended', { exact: true }).count()).toBe(1)
    expect((await stored('Owned key')).enabled).toBe(false)
    expect(await row.getByRole('button', { name: 'Limits' }).count()).toBe(0)

    const admin = await open(DESKTOP)
    const gone = rowOf(admin, 'Gone key')
    await expect.poll(() => gone.getByText('Revoked', { exact: true }).count()).toBe(1)
    expect(await gone.getByText('More', { exact: true }).count()).toBe(0)
    expect(await gone.getByRole('button', { name: /^(Suspend|Resume)$/ }).count()).toBe(0)
  }, 60_000)
})
