/**
 * U3 U7 U9: the page's layout in Chromium (U10) at a desktop width and a phone width, with the
 * content that stretches it: keys with owners and long names, usage of them, the dialogs. At
 * 1280 px every row's actions are inside the table's visible area; at 390 px no view scrolls
 * sideways. Each state is saved as a screenshot (`WEB_PAGE_SCREENSHOTS`) to look at.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dashboardCall, DESKTOP, PHONE, RUN_BROWSER_TESTS, screenshot, usePageSuite } from './browser.js'

const STEP_TIMEOUT = 60_000
const LAPTOP = { width: 1024, height: 768 }
const LONG_NAME = 'Nightly billing reconciliation worker for the European production cluster'
/** Every button of every row of the keys table. */
const ACTIONS = '#keys-body .actions .btn'
/** Owner ids as hosts write them: nothing a browser breaks a line at, up to the longest allowed (O1). */
const OWNERS = ['auth0:6421f0c2a9b8e7d6c5b4a3f2e1d0c9b8a7f6e5d4', `org.${'7'.repeat(124)}`, 'globex']

/**
 * The elements matching `selector` whose bounding box reaches past the visible area of their
 * `region` (the box inside its border, as a sideways-scrolling region clips it), each described.
 */
async function outsideRegion(page: Page, selector: string, region: string): Promise<string[]> {
  return page.evaluate(
    ([selector, region]) => {
      const found: string[] = []
      for (const element of Array.from(document.querySelectorAll(selector))) {
        const box = element.getBoundingClientRect()
        // A control under a closed More menu is not rendered; its More toggle is checked instead.
        if (box.width === 0 && box.height === 0) continue
        const wrap = element.closest(region)!
        const left = wrap.getBoundingClientRect().left + wrap.clientLeft
        const right = left + wrap.clientWidth
        if (box.left >= left - 0.5 && box.right <= right + 0.5) continue
        const row = (element.closest('tr')?.querySelector('th')?.textContent ?? '').slice(0, 40)
        found.push(`${element.textContent} (${row}): ${box.left}–${box.right}, visible ${left}–${right}`)
      }
      return found
    },
    [selector, region] as const,
  )
}

/**
 * The visible fields (text, password and search inputs, selects, text areas) not drawn like the
 * page's first select: its border, corners, padding and background (a key's field has a font of
 * its own). A field with focus, under the pointer or marked invalid is left out, as its border
 * colour changes on purpose.
 */
function unlikeFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FIELDS = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), select, textarea'
    const PROPERTIES = [
      'border-top-width',
      'border-top-style',
      'border-top-color',
      'border-top-left-radius',
      'padding-left',
      'background-color',
    ]
    const visible = Array.from(document.querySelectorAll<HTMLElement>(FIELDS)).filter((field) => {
      const box = field.getBoundingClientRect()
      return box.width > 0 && !field.matches(':focus, :hover, [aria-invalid="true"]')
    })
    const model = visible.find((field) => field.tagName === 'SELECT')
    if (model === undefined) return []
    const drawn = (field: HTMLElement) => {
      const style = getComputedStyle(field)
      return PROPERTIES.map((name) => `${name}: ${style.getPropertyValue(name)}`).join('; ')
    }
    const expected = drawn(model)
    return visible
      .filter((field) => drawn(field) !== expected)
      .map((field) => `#${field.id} (${drawn(field)}), not as #${model.id} (${expected})`)
  })
}

/** How far the page scrolls sideways: the document's width past the window's (0 when it fits). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))
}

describe.runIf(RUN_BROWSER_TESTS)('U10 the page layout with owners, long names and usage (reference server)', () => {
  let page: Page
  let testedKey = ''
  let testedKeyId = ''
  const suite = usePageSuite({
    setup: async ({ server }) => {
      for (const owner of OWNERS) {
        const created = await dashboardCall(
          server.base,
          'POST',
          '/api-keys',
          { name: LONG_NAME, scopes: ['ip'] },
          owner,
        )
        expect(created.status).toBe(201)
        testedKey = created.json.data.key
        testedKeyId = created.json.data.id
        const headers = { Authorization: `Bearer ${testedKey}` }
        expect((await fetch(`${server.base}/api/v1/ip/lookup?ip=192.0.2.44`, { headers })).status).toBe(200)
      }
      await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Short', sandbox: true })
      // A key used a moment ago that expires in a month: the dates that widen their columns most.
      const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString()
      const expiring = await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Expiring', expiresAt })
      const used = { Authorization: `Bearer ${expiring.json.data.key}` }
      expect((await fetch(`${server.base}/api/v1/ip/lookup?ip=192.0.2.45`, { headers: used })).status).toBe(200)
    },
  })

  async function open(viewport: { width: number; height: number }): Promise<void> {
    page = await suite.open(viewport)
  }

  /** Each view a user reaches, with the name its screenshot gets; `fits` checks the view. */
  async function everyView(prefix: string, fits: (view: string) => Promise<void>): Promise<void> {
    const view = async (name: string) => {
      await screenshot(page, `${prefix}-${name}`, !(await page.locator('dialog[open]').count()))
      await fits(name)
    }
    await page.getByText(`Owner: ${OWNERS[0]}`).waitFor()
    await view('keys-with-owners')
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.getByRole('dialog', { name: 'Create key' }).getByRole('textbox', { name: 'Name' }).fill(LONG_NAME)
    await view('create-dialog')
    await page.keyboard.press('Escape')
    const row = page.getByRole('row').filter({ hasText: OWNERS[2]! })
    await row.getByRole('button', { name: 'Test' }).click()
    const dialog = page.getByRole('dialog', { name: /Test/ })
    await dialog.getByRole('textbox', { name: 'API key' }).fill(testedKey)
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain('HTTP 200')
    await view('test-dialog')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('tab', { name: 'Usage' }).click()
    await page.locator('#usage-body tr').nth(1).waitFor()
    await view('usage')
    await page.getByRole('combobox', { name: 'Key' }).selectOption(testedKeyId)
    await expect.poll(() => page.locator('#usage-body tr').count()).toBe(1)
    await view('usage-one-key')
  }

  it(
    "U3 U9 at 1280 px a row with an owner and a long name shows its Revoke button inside the table's visible area, and every field is drawn alike",
    async () => {
      await open(DESKTOP)
      await everyView('layout-desktop', async (view) => {
        if (view === 'keys-with-owners') {
          const table = (await page.getByRole('region', { name: /^API Keys/ }).boundingBox())!
          for (const owner of OWNERS) {
            const row = page.getByRole('row').filter({ hasText: `Owner: ${owner}` })
            const revoke = (await row.getByRole('button', { name: 'Revoke' }).boundingBox())!
            const inside = revoke.x >= table.x && revoke.x + revoke.width <= table.x + table.width
            const where = `Revoke of ${owner}'s key at ${JSON.stringify(revoke)}, the table ${JSON.stringify(table)}`
            expect(inside, where).toBe(true)
          }
          expect(await outsideRegion(page, ACTIONS, '.table-wrap'), 'actions outside the table').toEqual([])
        }
        expect(await sidewaysScroll(page), `${view}: px the page scrolls sideways`).toBe(0)
        expect(await unlikeFields(page), `${view}: fields drawn unlike the others`).toEqual([])
      })
    },
    STEP_TIMEOUT,
  )

  it(
    "U3 U9 at 1024 px a row's actions wrap two to a line and stay inside the table's visible area",
    async () => {
      await open(LAPTOP)
      await page.getByText(`Owner: ${OWNERS[0]}`).waitFor()
      await screenshot(page, 'layout-laptop-keys-with-owners', true)
      expect(await outsideRegion(page, ACTIONS, '.table-wrap'), 'actions outside the table').toEqual([])
      expect(await sidewaysScroll(page), 'px the page scrolls sideways').toBe(0)
    },
    STEP_TIMEOUT,
  )

  it(
    'U7 U9 at 390 px no view scrolls sideways and every field is drawn alike: keys with owners, create, test, usage of all keys and one',
    async () => {
      await open(PHONE)
      await everyView('layout-phone', async (view) => {
        expect(await sidewaysScroll(page), `${view}: px the page scrolls sideways`).toBe(0)
        const controls = await outsideRegion(page, 'main button, main select, dialog[open] button', 'body')
        expect(controls, `${view}: controls inside the screen`).toEqual([])
        expect(await unlikeFields(page), `${view}: fields drawn unlike the others`).toEqual([])
      })
    },
    STEP_TIMEOUT,
  )
})
