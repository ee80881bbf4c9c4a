/**
 * N3, O7, O8: the Usage tab shows a meter for every limit of the key or owner chosen ("4 of 50 in
 * the last hour", the owner's windows, credits), and an administrator picks an owner, which
 * narrows the chart's data and the key filter to that owner; an owner's session has no picker
 * and sees only its own. Headless Chromium on the reference server with owner limits;
 * screenshots at desktop and phone width under .tmp/web-page-screens; no CSP violation or script
 * error; axe-core clean.
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

interface ChartSeries {
  admitted: number[]
  rate_limited: number[]
  refused: number[]
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe.runIf(RUN_BROWSER_TESTS)('the Usage tab meters every limit and picks an owner (N3, O8)', () => {
  let acmeKeyId = ''
  let betaKeyId = ''
  const suite = usePageSuite({
    start: () => [startReference('fastify', { OWNER_LIVE_PER_MINUTE: '100', OWNER_LIVE_PER_MONTH: '1000' })],
    setup: async ({ server }) => {
      const acme = await dashboardCall(server.base, 'POST', '/api-keys', {
        name: 'Acme metered',
        ownerId: 'org_acme',
        limits: [
          { name: 'hourly', limit: 50, window: '1h' },
          { name: 'billing', limit: 2000, window: { month: { day: 15 } } },
        ],
        credits: { remaining: 300 },
      })
      const beta = await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Beta plain', ownerId: 'org_beta' })
      expect([acme.status, beta.status]).toEqual([201, 201])
      acmeKeyId = acme.json.data.id
      betaKeyId = beta.json.data.id
      const call = (key: string) =>
        fetch(`${server.base}/api/v1/ip/lookup?ip=192.0.2.1`, { headers: { Authorization: `Bearer ${key}` } })
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await call(acme.json.data.key)).status)
      for (let i = 0; i < 2; i++) statuses.push((await call(beta.json.data.key)).status)
      statuses.push((await call('svc_live_not_a_key')).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 401])
    },
  })

  async function usage(page: Page): Promise<void> {
    await page.getByRole('tab', { name: 'Usage' }).click()
    await page.getByRole('combobox', { name: 'Range' }).selectOption('hour')
  }

  async function series(page: Page): Promise<ChartSeries> {
    await expect.poll(() => page.locator('#usage-chart canvas').count()).toBeGreaterThan(0)
    return JSON.parse((await page.locator('#usage-chart').getAttribute('data-series')) ?? '{}') as ChartSeries
  }

  /** Each meter as its label, bar value and maximum, and text. */
  async function meters(page: Page): Promise<string[]> {
    return page.locator('#usage-meters li').evaluateAll((items) =>
      items.map((item) => {
        const bar = item.querySelector('meter')!
        const text = item.querySelector('.meter-text')!.textContent
        return `${bar.getAttribute('aria-label')} [${bar.getAttribute('value')}/${bar.getAttribute('max')}] ${text}`
      }),
    )
  }

  const keyOptions = (page: Page) =>
    page
      .getByRole('combobox', { name: 'Key' })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'N3: at %s width an administrator picks an owner and a key, and each limit has its meter',
    async (width, viewport) => {
      const page = await suite.open(viewport)
      await usage(page)
      await expect.poll(async () => sum((await series(page)).admitted)).toBe(6)
      expect(await meters(page), 'the whole service has no limits of its own').toEqual([])

      const owner = page.getByRole('combobox', { name: 'Owner' })
      await owner.fill('org_acme')
      await owner.press('Enter')
      await expect.poll(async () => sum((await series(page)).admitted)).toBe(4)
      expect(sum((await series(page)).refused), "an unknown key is nobody's").toBe(0)
      await expect.poll(() => meters(page)).toHaveLength(2)
      const ownMeters = await meters(page)
      expect(ownMeters[0]).toMatch(/^Owner per minute \(live keys\) \[\d\/100\] \d of 100 in the last minute$/)
      expect(ownMeters[1]).toBe('Owner monthly quota (live keys) [4/1000] 4 of 1,000 this month')
      expect(await keyOptions(page)).toEqual(['', acmeKeyId])
      await screenshot(page, `usage-meters-owner-${width}`, true)

      await page.getByRole('combobox', { name: 'Key' }).selectOption(acmeKeyId)
      await expect.poll(async () => (await meters(page)).length).toBe(5)
      const keyMeters = await meters(page)
      expect(keyMeters.slice(0, 2)).toEqual([
        'hourly [4/50] 4 of 50 in the last hour',
        'billing [4/2000] 4 of 2,000 this billing month (from day 15)',
      ])
      expect(keyMeters[3]).toBe('Owner monthly quota (live keys) [4/1000] 4 of 1,000 this month')
      expect(keyMeters[4]).toBe('Credits [296/296] 296 credits left')
      expect(await page.locator('#usage-meters').isVisible()).toBe(true)
      await screenshot(page, `usage-meters-key-${width}`, true)
      await expectAccessible(page, `usage meters at ${width} width`)

      // Back to every owner: the chart has the whole service again.
      await owner.fill('')
      await owner.press('Enter')
      await expect.poll(async () => sum((await series(page)).admitted)).toBe(6)
    },
  )

  it("O8: an owner's session has no owner picker and sees only its own keys, series and limits", async () => {
    const page = await suite.open(DESKTOP, { owner: 'org_beta' })
    await usage(page)
    expect(await page.getByRole('combobox', { name: 'Owner' }).isVisible()).toBe(false)
    await expect.poll(async () => sum((await series(page)).admitted)).toBe(2)
    expect(await keyOptions(page)).toEqual(['', betaKeyId])
    await expect.poll(() => meters(page)).toHaveLength(2)
    expect((await meters(page))[1]).toBe('Owner monthly quota (live keys) [2/1000] 2 of 1,000 this month')
    await screenshot(page, 'usage-meters-owner-session-desktop', true)
  })

  it('N3: an owner id that cannot be one is marked on the field, and nothing is asked', async () => {
    const page = await suite.open(DESKTOP)
    await usage(page)
    await expect.poll(async () => sum((await series(page)).admitted)).toBe(6)
    const owner = page.getByRole('combobox', { name: 'Owner' })
    await owner.fill('not an owner!')
    await owner.press('Enter')
    expect(await owner.getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'An owner id is' }).isVisible()).toBe(true)
  })
})
