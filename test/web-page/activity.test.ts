/**
 * N4 on the web page: the Activity tab lists key changes (time, action, actor, key, fields),
 * newest first and paged. Create and revoke a key through the page and both appear with the
 * actor; an owner's session sees its own changes only. Screenshots at desktop and phone width.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  DESKTOP,
  PHONE,
  RUN_BROWSER_TESTS,
  dashboardCall,
  expectAccessible,
  screenshot,
  usePageSuite,
} from './browser.js'

describe.runIf(RUN_BROWSER_TESTS)('N4 the Activity tab', () => {
  const suite = usePageSuite()
  let page: Page
  /** The page signed in at `viewport`, for the administrator or `owner`. */
  async function open(viewport = DESKTOP, owner?: string): Promise<Page> {
    page = await suite.open(viewport, owner === undefined ? {} : { owner })
    return page
  }

  const activityRows = (): Locator => page.getByRole('table', { name: 'Key changes' }).getByRole('row')
  /** Each row's cells as the page shows them (the header row left out). */
  async function shownRows(): Promise<string[][]> {
    const rows = await activityRows().all()
    const cells = await Promise.all(rows.map((row) => row.getByRole('cell').allInnerTexts()))
    return cells.filter((row) => row.length > 0).map((row) => row.map((cell) => cell.trim()))
  }
  async function openActivity(): Promise<void> {
    await page.getByRole('tab', { name: 'Activity' }).click()
    await expect
      .poll(async () => (await shownRows()).length > 0 || page.getByText('No changes yet').isVisible())
      .toBe(true)
  }

  it('lists a key created and revoked through the page, newest first, with the actor and the fields', async () => {
    await open()
    await page.getByRole('button', { name: 'Create key' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create key' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Audited key')
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByRole('dialog', { name: 'Key created' }).getByRole('button', { name: 'Done' }).click()
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Audited key/ }) })
    await row.getByRole('button', { name: 'Revoke' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await row.getByText('Revoked').waitFor()

    await openActivity()
    const rows = await shownRows()
    expect(rows.slice(0, 2).map(([, action, actor, key, fields]) => [action, actor, key, fields])).toEqual([
      ['Revoked', 'admin', 'Audited key', 'revokedAt'],
      ['Created', 'admin', 'Audited key', expect.stringContaining('name')],
    ])
    for (const [time] of rows) expect(time).toMatch(/\d{4}/)
    await expectAccessible(page, 'activity')
    await screenshot(page, 'desktop-activity')
  }, 90_000)

  it("an owner's session lists only its own changes, with the owner as actor", async () => {
    await dashboardCall(suite.server.base, 'POST', '/api-keys', { name: 'Globex key' }, 'globex')
    await dashboardCall(suite.server.base, 'POST', '/api-keys', { name: 'Initech key', ownerId: 'initech' })
    const own = await dashboardCall(suite.server.base, 'POST', '/api-keys', { name: 'Initech own key' }, 'initech')
    await dashboardCall(suite.server.base, 'POST', `/api-keys/${own.json.data.id}/revoke`, undefined, 'initech')
    await open(PHONE, 'initech')
    await openActivity()
    const rows = await shownRows()
    expect(rows.map(([, action, actor, key]) => [action, actor, key])).toEqual([
      ['Revoked', 'owner:initech', 'Initech own key'],
      ['Created', 'owner:initech', 'Initech own key'],
      ['Created', 'admin', 'Initech key'],
    ])
    expect(await page.getByText('Globex key').count()).toBe(0)
    await expectAccessible(page, 'activity on a phone')
    await screenshot(page, 'phone-activity', true)
  }, 90_000)

  it('pages with Next and Previous, 25 changes a page', async () => {
    for (let i = 0; i < 27; i++)
      await dashboardCall(suite.server.base, 'POST', '/api-keys', { name: `Paged ${i}` }, 'paging')
    await open(DESKTOP, 'paging')
    await openActivity()
    expect(await shownRows()).toHaveLength(25)
    expect((await shownRows())[0]![3]).toBe('Paged 26')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(async () => (await shownRows()).map((r) => r[3])).toEqual(['Paged 1', 'Paged 0'])
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect.poll(async () => (await shownRows()).length).toBe(25)
  }, 120_000)
})
