/**
 * W4: the key-management page's Webhooks tab shows an administrator the registered endpoint and
 * each delivery with its state, attempts and last answer; an owner's session is told it is an
 * administrator's view. Headless Chromium against the reference server with WEBHOOK_URL set;
 * no CSP violation or script error, axe-core clean.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { newSecret, type Receiver, startReceiver } from '../events/receiver.js'
import {
  DESKTOP,
  dashboardCall,
  expectAccessible,
  RUN_BROWSER_TESTS,
  screenshot,
  startReference,
  usePageSuite,
} from './browser.js'

describe.runIf(RUN_BROWSER_TESTS)('the web page shows webhooks (W4)', () => {
  let receiver: Receiver
  const suite = usePageSuite({
    start: () => [
      (async () => {
        receiver = await startReceiver()
        // Every attempt fails: the page must show an endpoint that keeps failing.
        receiver.fallback = 500
        return startReference('fastify', { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: newSecret() })
      })(),
    ],
    setup: async ({ server }) => {
      expect((await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Hooked key' })).status).toBe(201)
      await receiver.waitFor(3)
    },
  })
  afterAll(async () => {
    await receiver?.close()
  })

  async function open(owner?: string): Promise<Page> {
    const page = await suite.open(DESKTOP, owner === undefined ? {} : { owner })
    await page.getByRole('tab', { name: 'Webhooks' }).click()
    return page
  }

  it('W4: an administrator sees the endpoint and each failing delivery with its attempts and last status', async () => {
    const page = await open()
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(3)
    await expect.poll(() => page.getByText(receiver.url, { exact: true }).first().isVisible()).toBe(true)
    const row = page
      .getByRole('row')
      .filter({ has: page.getByText('key.created', { exact: true }) })
      .first()
    const cells = await row.getByRole('cell').allInnerTexts()
    expect(cells.slice(1)).toEqual(['key.created', receiver.url, 'Retrying', '1', '500'])
    await screenshot(page, 'webhooks-admin-desktop')
    await expectAccessible(page, 'webhooks tab')
  })

  it("W4: an owner's session is told the tab is an administrator's view", async () => {
    const page = await open('acme')
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'only an administrator' }).count()).toBe(1)
  })
})
