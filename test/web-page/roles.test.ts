/**
 * M7, M9, U: the key-management page shows the roles a key holds under its name, and an
 * administrator gives and takes them in a dialog that offers the roles the application defines
 * (`ROLES` on the reference server). An owner signed in is offered only the roles its key holds,
 * to remove; an app without roles offers the dialog to nobody. Headless Chromium; screenshots
 * under .tmp/web-page-screens, no CSP violation or script error, axe-core clean.
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
  startReference,
  usePageSuite,
} from './browser.js'

const ROLES = { analyst: ['reports.read', 'billing.read'], auditor: ['audit.*'] }

describe.runIf(RUN_BROWSER_TESTS)('the web page gives keys roles (M7, M9)', () => {
  const ids: Record<string, string> = {}
  const suite = usePageSuite({
    start: () => [startReference('fastify', { ROLES: JSON.stringify(ROLES) }), startReference('hono')],
    setup: async ({ servers: [server, plain] }) => {
      for (const [name, ownerId] of [
        ['Roled desktop', undefined],
        ['Roled phone', undefined],
        ['Owned key', 'acme'],
      ] as const) {
        const created = await dashboardCall(server!.base, 'POST', '/api-keys', { name, ownerId })
        expect(created.status).toBe(201)
        ids[name] = created.json.data.id
      }
      expect((await dashboardCall(plain!.base, 'POST', '/api-keys', { name: 'Plain key' })).status).toBe(201)
    },
  })
  const open = (base: string, viewport: { width: number; height: number }, owner?: string) =>
    suite.open(viewport, { base, owner })
  const rowOf = (page: Page, name: string): Locator =>
    page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) })
  const stored = async (name: string) =>
    (await dashboardCall(suite.server.base, 'GET', `/api-keys/${ids[name]}`)).json.data
  async function openMenu(row: Locator): Promise<void> {
    if ((await row.locator('details[open]').count()) === 0) await row.getByText('More', { exact: true }).click()
  }

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'M7, M9: at %s width the dialog offers every defined role, saves the ticked ones, shows them on the row, and untick all removes them',
    async (width, viewport) => {
      const name = `Roled ${width}`
      const page = await open(suite.server.base, viewport)
      const row = rowOf(page, name)
      await openMenu(row)
      await row.getByRole('button', { name: 'Roles' }).click()
      const dialog = page.getByRole('dialog', { name: `Roles of “${name}”` })
      await dialog.waitFor()
      const boxes = dialog.getByRole('checkbox')
      expect(await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
        'analyst',
        'auditor',
      ])
      expect(await dialog.getByRole('checkbox', { checked: true }).count()).toBe(0)
      await dialog.getByRole('checkbox', { name: 'analyst' }).check()
      await screenshot(page, `${width}-roles-dialog`)
      await expectAccessible(page, `roles dialog at ${width} width`)
      await dialog.getByRole('button', { name: 'Save roles' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await expect.poll(() => row.getByText('Roles: analyst', { exact: true }).count()).toBe(1)
      expect((await stored(name)).roles).toEqual(['analyst'])
      await screenshot(page, `${width}-roles`, true)

      await openMenu(row)
      await row.getByRole('button', { name: 'Roles' }).click()
      await dialog.waitFor()
      expect(await dialog.getByRole('checkbox', { name: 'analyst' }).isChecked()).toBe(true)
      await dialog.getByRole('checkbox', { name: 'analyst' }).uncheck()
      await dialog.getByRole('button', { name: 'Save roles' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await expect.poll(() => row.getByText(/^Roles:/).count()).toBe(0)
      expect((await stored(name)).roles ?? null).toBeNull()
    },
    60_000,
  )

  it('M9, B2: an owner sees its key’s roles and is offered only those, to remove (it may give none); an app without roles offers the dialog to nobody', async () => {
    const given = await dashboardCall(suite.server.base, 'PATCH', `/api-keys/${ids['Owned key']}`, {
      roles: ['auditor'],
    })
    expect(given.status).toBe(200)
    const page = await open(suite.server.base, DESKTOP, 'acme')
    const row = rowOf(page, 'Owned key')
    await expect.poll(() => row.getByText('Roles: auditor', { exact: true }).count()).toBe(1)
    await openMenu(row)
    await expect.poll(() => row.getByRole('button', { name: 'Addresses' }).count()).toBe(1)
    await row.getByRole('button', { name: 'Roles' }).click()
    const dialog = page.getByRole('dialog', { name: /Roles/ })
    await dialog.getByRole('checkbox', { name: 'auditor' }).waitFor()
    expect(await dialog.getByRole('checkbox').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    const admin = await open(suite.servers[1]!.base, DESKTOP)
    const other = rowOf(admin, 'Plain key')
    await openMenu(other)
    await expect.poll(() => other.getByRole('button', { name: 'Addresses' }).count()).toBe(1)
    expect(await other.getByRole('button', { name: 'Roles' }).count()).toBe(0)
  }, 60_000)
})
