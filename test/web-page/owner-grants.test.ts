/**
 * B2 on the web page: the page asks the dashboard what the session may give its keys
 * (`GET /api/dashboard/session`) and its create dialog offers an owner only those scopes, one
 * checkbox each, where an administrator types any; the Roles dialog offers an owner only the roles
 * its key holds (to remove). The reference server with `OWNER_SCOPES=ip,reports.read`. Headless
 * Chromium; screenshots at desktop and phone width, no CSP violation or script error, axe-core clean.
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
  startReference,
  usePageSuite,
} from './browser.js'

const ROLES = { analyst: ['reports.read'], accountant: ['billing.admin'] }

describe.runIf(RUN_BROWSER_TESTS)('the web page offers an owner only what it may give (B2)', () => {
  const suite = usePageSuite({
    start: () => [startReference('fastify', { OWNER_SCOPES: 'ip,reports.read', ROLES: JSON.stringify(ROLES) })],
  })
  const createDialog = (page: Page) => page.getByRole('dialog', { name: 'Create key' })

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    "B2: at %s width an owner's create dialog offers the scopes it may grant as checkboxes, not a free text field, and the key gets the ticked ones",
    async (width, viewport) => {
      const owner = `acme-${width}`
      const page = await suite.open(viewport, { owner })
      await page.getByRole('button', { name: 'Create key' }).click()
      const dialog = createDialog(page)
      const scopes = dialog.getByRole('group', { name: /Scopes/ })
      await scopes.getByRole('checkbox').first().waitFor()
      const offered = await scopes.locator('label').allInnerTexts()
      expect(offered.map((text) => text.trim())).toEqual(['ip', 'reports.read'])
      expect(await dialog.getByRole('textbox', { name: /Scopes/ }).count()).toBe(0)
      await expectAccessible(page, `owner create dialog (${width})`)
      await screenshot(page, `${width}-owner-create-scopes`)
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`Reader ${width}`)
      await scopes.getByRole('checkbox', { name: 'reports.read' }).check()
      await dialog.getByRole('button', { name: 'Create', exact: true }).click()
      const shown = page.getByRole('dialog', { name: 'Key created' })
      await shown.getByText('reports.read').waitFor()
      await shown.getByRole('button', { name: 'Done' }).click()
      const keys = (await dashboardCall(suite.server.base, 'GET', '/api-keys', undefined, owner)).json.data
      expect(keys.map((key: { scopes: string[] }) => key.scopes)).toEqual([['reports.read']])
    },
    90_000,
  )

  it('B2: the administrator still types any scopes in a text field', async () => {
    const page = await suite.open(DESKTOP)
    await page.getByRole('button', { name: 'Create key' }).click()
    const dialog = createDialog(page)
    await dialog.getByRole('textbox', { name: /Scopes/ }).waitFor()
    expect(await dialog.getByRole('group', { name: /Scopes/ }).isVisible()).toBe(false)
  })

  it('B2: an owner is offered no role to give, but may remove one an administrator gave its key', async () => {
    const owner = 'initech-roles'
    const given = await dashboardCall(suite.server.base, 'POST', '/api-keys', {
      name: 'Given roles',
      ownerId: owner,
      roles: ['accountant'],
    })
    expect(given.status).toBe(201)
    await dashboardCall(suite.server.base, 'POST', '/api-keys', { name: 'No roles', ownerId: owner })
    const page = await suite.open(PHONE, { owner })
    const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) })
    await rowOf('No roles').getByText('More', { exact: true }).click()
    expect(await rowOf('No roles').getByRole('button', { name: 'Roles' }).count()).toBe(0)
    await rowOf('Given roles').getByText('More', { exact: true }).click()
    await rowOf('Given roles').getByRole('button', { name: 'Roles' }).click()
    const dialog = page.getByRole('dialog', { name: /Roles/ })
    const boxes = dialog.getByRole('checkbox')
    expect(await boxes.count()).toBe(1)
    await dialog.getByRole('checkbox', { name: 'accountant' }).uncheck()
    await screenshot(page, 'phone-owner-roles')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(
        async () => (await dashboardCall(suite.server.base, 'GET', `/api-keys/${given.json.data.id}`)).json.data.roles,
      )
      .toBeNull()
  }, 90_000)
})
