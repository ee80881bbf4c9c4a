/**
 * N3: the Usage tab charts requests over time by outcome (admitted, rate limited, refused) from
 * the outcome counters, shows a key's monthly quota as "3 of 1,000 this month" and its credits, and downloads the
 * series as CSV; its list shows the requests refused for the key with their status and code (B8). Headless Chromium on the reference server; screenshots at desktop and phone
 * width under .tmp/web-page-screens; no CSP violation or script error.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dashboardCall, DESKTOP, PHONE, RUN_BROWSER_TESTS, screenshot, usePageSuite } from './browser.js'

interface ChartSeries {
  time: string[]
  admitted: number[]
  rate_limited: number[]
  refused: number[]
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe.runIf(RUN_BROWSER_TESTS)('the Usage tab charts outcomes over time (N3)', () => {
  let id = ''
  const suite = usePageSuite({
    setup: async ({ server }) => {
      const created = await dashboardCall(server.base, 'POST', '/api-keys', {
        name: 'Charted',
        limits: { perMinute: 3, perMonth: 1000 },
        credits: { remaining: 500, refill: { amount: 500, every: 'month' } },
      })
      expect(created.status).toBe(201)
      id = created.json.data.id
      const call = (key: string) =>
        fetch(`${server.base}/api/v1/ip/lookup?ip=192.0.2.1`, { headers: { Authorization: `Bearer ${key}` } })
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push((await call(created.json.data.key)).status)
      statuses.push((await call('svc_live_not_a_key')).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429, 401])
    },
  })

  async function open(viewport: { width: number; height: number }): Promise<Page> {
    const page = await suite.open(viewport)
    await page.getByRole('tab', { name: 'Usage' }).click()
    return page
  }

  async function series(page: Page): Promise<ChartSeries> {
    await expect.poll(() => page.locator('#usage-chart canvas').count()).toBeGreaterThan(0)
    return JSON.parse((await page.locator('#usage-chart').getAttribute('data-series')) ?? '{}') as ChartSeries
  }

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'N3: at %s width the chart is given the mix, and one key shows its quota and credits meters',
    async (width, viewport) => {
      const page = await open(viewport)
      await page.getByRole('combobox', { name: 'Range' }).selectOption('hour')
      // The day's series, shown first, has the refusal too: the hour's has 60 points.
      const shown = async () => {
        const { time, refused } = await series(page)
        return [time.length, sum(refused)]
      }
      await expect.poll(shown).toEqual([60, 1])
      const all = await series(page)
      expect([sum(all.admitted), sum(all.rate_limited), sum(all.refused)]).toEqual([3, 2, 1])
      await screenshot(page, `usage-chart-all-${width}`, true)

      await page.getByRole('combobox', { name: 'Key' }).selectOption(id)
      await expect.poll(async () => sum((await series(page)).refused)).toBe(0)
      const one = await series(page)
      expect([sum(one.admitted), sum(one.rate_limited)]).toEqual([3, 2])
      await expect.poll(() => page.getByText('3 of 1,000 this month').isVisible()).toBe(true)
      expect(await page.getByRole('meter', { name: 'Monthly quota' }).getAttribute('value')).toBe('3')
      // Each admitted request spent a credit; the refused ones spent none.
      await expect.poll(() => page.getByText('497 of 500 credits left').isVisible()).toBe(true)
      expect(await page.getByRole('meter', { name: 'Credits' }).getAttribute('value')).toBe('497')
      await screenshot(page, `usage-chart-key-${width}`, true)
    },
  )

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'B8: at %s width the Usage list shows the key’s refused requests with status and code in a badge, apart from the admitted ones; the unknown key’s request is not listed',
    async (width, viewport) => {
      const page = await open(viewport)
      const rows = page.locator('#usage-body tr')
      await expect.poll(() => rows.count()).toBe(5)
      // Newest first: the two refusals for the limit, then the three admitted requests.
      const statuses = await rows.locator('td[data-label="Status"]').allInnerTexts()
      expect(statuses.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
        '429 rate_limited',
        '429 rate_limited',
        '200',
        '200',
        '200',
      ])
      const refused = page.locator('#usage-body tr.usage-refused')
      expect(await refused.count()).toBe(2)
      const badge = refused.first().locator('.badge.refusal')
      expect(await badge.getAttribute('title')).toMatch(/^Refused: over a rate limit/)
      expect(await page.locator('#usage-body tr:not(.usage-refused) .badge').count()).toBe(0)
      // Every listed request is the known key's: the unknown key's 401 left no entry.
      expect(new Set(await rows.locator('td[data-label="Key"]').allInnerTexts())).toEqual(new Set(['Charted']))
      await rows.first().scrollIntoViewIfNeeded()
      await screenshot(page, `usage-list-refused-${width}`, true)
    },
  )

  it('N3: Download CSV saves the series with the header row', async () => {
    const page = await open(DESKTOP)
    await page.getByRole('combobox', { name: 'Range' }).selectOption('hour')
    await series(page)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    const text = readFileSync((await download.path())!, 'utf8')
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('time,outcome,requests,units')
    const outcomes = lines.slice(1).map((line) => line.split(','))
    const total = (outcome: string) => outcomes.filter((l) => l[1] === outcome).reduce((n, l) => n + Number(l[2]), 0)
    expect([total('ok'), total('rate_limited'), total('INVALID_API_KEY_FORMAT')]).toEqual([3, 2, 1])
  })
})
