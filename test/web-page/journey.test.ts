/**
 * U2–U9 in a real browser (U10): headless Chromium on the key-management page of the reference
 * server. Each test starts signed out in a fresh browser context, does what a user does, and saves a
 * screenshot of each state it reaches; axe-core checks every screen, and no test may see a
 * Content-Security-Policy violation or a script error.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  authTest,
  dashboardCall,
  DESKTOP,
  expectAccessible,
  PHONE,
  FULL_KEY,
  launchBrowser,
  newContext,
  placesHolding,
  type Reference,
  RUN_BROWSER_TESTS,
  screenshot,
  signIn,
  startReference,
  TOKEN,
  watchPage,
} from './browser.js'

const STEP_TIMEOUT = 60_000

describe.runIf(RUN_BROWSER_TESTS)('U10 the web page in Chromium (reference server, fastify)', () => {
  let browser: Browser
  let server: Reference
  let context: BrowserContext
  let page: Page
  let watch: { problems: string[] }

  beforeAll(async () => {
    ;[browser, server] = await Promise.all([launchBrowser(), startReference('fastify')])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  async function open(viewport = DESKTOP): Promise<Page> {
    context = await newContext(browser, server.base, viewport)
    page = await context.newPage()
    watch = watchPage(page)
    return page
  }
  afterEach(async () => {
    const problems = watch?.problems ?? []
    await context?.close()
    expect(problems, 'U1: no CSP violation or script error').toEqual([])
  })

  /** A key's row, by its name (an administrator also sees the owner under it). */
  const row = (name: string): Locator => {
    const escaped = name.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')
    return page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escaped}(\\s*Owner: \\S+)?$`) }) })
  }
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '')
  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement)

  /** The key the create or rotate response carried, read from the network as the page received it. */
  async function keyFrom(path: RegExp, act: () => Promise<void>): Promise<{ key: string; id: string }> {
    const [response] = await Promise.all([
      page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() === 'POST'),
      act(),
    ])
    const { data } = await response.json()
    return { key: data.key, id: data.id }
  }

  it(
    'U1 U2 npm start prints where the page is; it is served with its CSP; sign in keeps the token in sessionStorage only and Sign out removes it; a wrong token is refused',
    async () => {
      expect(server.process.stdout()).toContain(`dashboard page: ${server.base}/dashboard/`)
      await open()
      const response = await page.goto(`${server.base}/dashboard/`)
      expect(response!.headers()['content-security-policy']).toContain("script-src 'self'")
      expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
      await screenshot(page, 'desktop-01-sign-in')
      await expectAccessible(page, 'sign-in')

      await page.getByRole('textbox', { name: 'Dashboard token' }).fill('not-the-token-at-all-000')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('This token is not accepted')
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0)

      await signIn(page, server.base, undefined)
      expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(TOKEN)
      expect(await page.evaluate(() => localStorage.length)).toBe(0)
      expect(await context.cookies()).toEqual([])
      expect(await page.getByText('Administrator').isVisible()).toBe(true)

      // A reload in the same tab stays signed in; the token is nowhere but sessionStorage.
      await page.reload()
      await page.getByRole('heading', { name: 'API Keys' }).waitFor()
      expect(await page.evaluate((token) => document.documentElement.outerHTML.includes(token), TOKEN)).toBe(false)

      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
      expect(await focusedId()).toBe('sign-in-token')
      expect(await page.getByRole('table', { name: 'API Keys' }).count()).toBe(0)
    },
    STEP_TIMEOUT,
  )

  it(
    'U3 U4 U9 creates a sandbox key with the keyboard only: shown once, copied, it authenticates; after Done the page holds no copy and the row is masked',
    async () => {
      await open()
      await signIn(page, server.base)
      await screenshot(page, 'desktop-02-keys')
      await expectAccessible(page, 'keys table')

      // From the page title, Tab reaches "Create key"; Enter opens the dialog with focus on Name.
      expect(await focusedId()).toBe('page-title')
      await page.keyboard.press('Tab')
      expect(await focusedId()).toBe('create-open')
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Create key' })
      await dialog.waitFor()
      expect(await focusedId()).toBe('create-name')
      await page.keyboard.type('Keyboard key')
      await page.keyboard.press('Tab')
      expect(await focusedId()).toBe('create-sandbox')
      await page.keyboard.press('Space')
      expect(await dialog.getByRole('switch', { name: 'Sandbox Mode' }).isChecked()).toBe(true)
      await screenshot(page, 'desktop-03-create')
      await expectAccessible(page, 'create dialog')
      for (let i = 0; i < 8 && (await focusedId()) !== 'create-submit'; i++) await page.keyboard.press('Tab')
      expect(await focusedId()).toBe('create-submit')

      const { key } = await keyFrom(/\/api-keys$/, () => page.keyboard.press('Enter'))
      expect(key).toMatch(/^svc_test_[0-9A-Za-z]{38}$/)
      const reveal = page.getByRole('dialog', { name: 'Key created' })
      await reveal.waitFor()
      expect(await reveal.locator('code').first().textContent()).toBe(key)
      expect(await focusedId()).toBe('reveal-copy')
      await expect.poll(() => reveal.getByRole('status').textContent()).toBe('Copied to the clipboard.')
      expect(await page.evaluate(() => navigator.clipboard.writeText('something else'))).toBeUndefined()
      await page.keyboard.press('Enter') // Copy, from the keyboard
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
      await screenshot(page, 'desktop-04-key-shown-once')
      await expectAccessible(page, 'new key dialog')
      expect((await authTest(server.base, key)).json.data).toEqual({
        valid: true,
        authenticated: true,
        keyType: 'test',
      })

      // While the dialog is open the key is on the page: the search below does find it.
      expect(await placesHolding(page, key)).toEqual(['DOM', 'JavaScript heap'])

      // Escape does not throw the key away, however often it is pressed; Done does, and focus goes
      // back to "Create key".
      for (let i = 0; i < 3; i++) await page.keyboard.press('Escape')
      expect(await reveal.isVisible()).toBe(true)
      await page.keyboard.press('Tab')
      expect(await focusedId()).toBe('reveal-done')
      await page.keyboard.press('Enter')
      await reveal.waitFor({ state: 'hidden' })
      await expect.poll(focusedId).toBe('create-open')

      const masked = `svc_test_****${key.slice(-4)}`
      await row('Keyboard key').getByText(masked).waitFor()
      expect(await row('Keyboard key').getByText('Sandbox').isVisible()).toBe(true)
      expect(await row('Keyboard key').getByText('Active').isVisible()).toBe(true)
      expect(await placesHolding(page, key)).toEqual([])
      expect(
        await page.evaluate((pattern) => new RegExp(pattern).test(document.documentElement.outerHTML), FULL_KEY.source),
      ).toBe(false)
    },
    STEP_TIMEOUT,
  )

  it(
    'U3 the table lists name, masked value, Live/Sandbox and status badges, created, last used and expiry, newest first',
    async () => {
      const live = await dashboardCall(server.base, 'POST', '/api-keys', {
        name: 'Table live',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      })
      const sandbox = await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Table sandbox', sandbox: true })
      await authTest(server.base, sandbox.json.data.key)
      await fetch(`${server.base}/api/v1/ip/lookup?ip=192.0.2.1`, {
        headers: { Authorization: `Bearer ${sandbox.json.data.key}` },
      })
      await open()
      await signIn(page, server.base)
      const headers = await page.getByRole('columnheader').allTextContents()
      expect(headers.slice(0, 7)).toEqual(['Name', 'Key', 'Type', 'Status', 'Created', 'Last used', 'Expires'])
      const names = await page.getByRole('rowheader').allTextContents()
      expect(names.indexOf('Table sandbox')).toBeLessThan(names.indexOf('Table live'))
      const liveCells = await row('Table live').getByRole('cell').allTextContents()
      expect(liveCells.slice(0, 3)).toEqual([live.json.data.maskedKey, 'Live', 'Active'])
      expect(liveCells[4]).toBe('Never')
      expect(liveCells[5]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
      const sandboxCells = await row('Table sandbox').getByRole('cell').allTextContents()
      expect(sandboxCells.slice(0, 3)).toEqual([sandbox.json.data.maskedKey, 'Sandbox', 'Active'])
      expect(sandboxCells[4]).toMatch(/now|second/)
      expect(sandboxCells[5]).toBe('Never')
    },
    STEP_TIMEOUT,
  )

  it(
    'U6 U9 Test sends the key to the auth test and shows 200, the request headers with the key masked, the response headers and body; focus returns to Test',
    async () => {
      const { key } = (await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Tested key' })).json.data
      await open()
      await signIn(page, server.base)
      const testButton = row('Tested key').getByRole('button', { name: 'Test' })
      await testButton.click()
      const dialog = page.getByRole('dialog', { name: /Test/ })
      expect(await dialog.getByRole('heading').first().textContent()).toBe('Test “Tested key”')
      expect(await focusedId()).toBe('test-key')
      await dialog.getByRole('textbox', { name: 'API key' }).fill(key)
      await dialog.getByRole('button', { name: 'Send' }).click()
      await expect.poll(() => dialog.getByRole('status').textContent()).toContain('HTTP 200')
      const [request, responseHeaders, body] = await dialog.locator('pre').allTextContents()
      expect(request).toContain('GET /api/v1/auth/test HTTP/1.1')
      expect(request).toContain(`Authorization: Bearer svc_live_****${key.slice(-4)}`)
      expect(request).not.toContain(key)
      expect(responseHeaders).toMatch(/^x-request-id: req_/m)
      expect(responseHeaders).toMatch(/^x-ratelimit-limit: \d+$/m)
      expect(JSON.parse(body!).data).toEqual({ valid: true, authenticated: true, keyType: 'live' })
      expect(await page.evaluate((k) => document.documentElement.outerHTML.includes(k), key)).toBe(false)
      await screenshot(page, 'desktop-05-test-200')
      await expectAccessible(page, 'test dialog')

      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
      await expect.poll(() => isFocused(testButton)).toBe(true)
      // The field is emptied by the dialog's close event, a task after it is hidden.
      await expect.poll(() => placesHolding(page, key)).toEqual([])
    },
    STEP_TIMEOUT,
  )

  it(
    'U5 U6 revoke names the key; the badge reads Revoked at once and no Revoke is left; the key gets 401 API_KEY_REVOKED, which Test shows with the key masked',
    async () => {
      const { key } = (await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Doomed key', sandbox: true }))
        .json.data
      await open()
      await signIn(page, server.base)
      await row('Doomed key').getByRole('button', { name: 'Revoke' }).click()
      const confirm = page.getByRole('alertdialog')
      expect(await confirm.getByRole('heading').textContent()).toBe('Revoke “Doomed key”?')
      expect(await isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true)
      await screenshot(page, 'desktop-06-revoke-confirm')
      await expectAccessible(page, 'revoke confirmation')
      await confirm.getByRole('button', { name: 'Revoke' }).click()
      await confirm.waitFor({ state: 'hidden' })

      await row('Doomed key').getByText('Revoked').waitFor()
      expect(await row('Doomed key').getByRole('button', { name: 'Revoke' }).count()).toBe(0)
      expect(await row('Doomed key').getByRole('button', { name: 'Rotate' }).count()).toBe(0)
      // The revoke button is gone: focus lands on the row's first action.
      await expect.poll(() => isFocused(row('Doomed key').getByRole('button', { name: 'Test' }))).toBe(true)
      const refused = await authTest(server.base, key)
      expect(refused.status).toBe(401)
      expect(refused.json.error.code).toBe('API_KEY_REVOKED')

      await row('Doomed key').getByRole('button', { name: 'Test' }).click()
      const dialog = page.getByRole('dialog', { name: /Test/ })
      await dialog.getByRole('textbox', { name: 'API key' }).fill(key)
      await dialog.getByRole('button', { name: 'Send' }).click()
      await expect.poll(() => dialog.getByRole('status').textContent()).toContain('HTTP 401')
      const [request, responseHeaders, body] = await dialog.locator('pre').allTextContents()
      expect(request).toContain(`Authorization: Bearer svc_test_****${key.slice(-4)}`)
      expect(request).not.toContain(key)
      expect(responseHeaders).toMatch(/^www-authenticate: Bearer realm="Svc", error="invalid_token"$/m)
      expect(JSON.parse(body!).error.code).toBe('API_KEY_REVOKED')
      await screenshot(page, 'desktop-07-test-401')
    },
    STEP_TIMEOUT,
  )

  it(
    'U8 rotate with a grace period: the replacement is shown once, the old key keeps working until its new expiry',
    async () => {
      const old = (await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Rotating key', scopes: ['ip'] })).json
        .data
      await open()
      await signIn(page, server.base)
      await row('Rotating key').getByRole('button', { name: 'Rotate' }).click()
      const dialog = page.getByRole('dialog', { name: /Rotate/ })
      await dialog.getByRole('combobox', { name: 'Grace period for the old key' }).selectOption({ label: '1 hour' })
      await screenshot(page, 'desktop-08-rotate')
      await expectAccessible(page, 'rotate dialog')
      const before = Date.now()
      const { key, id } = await keyFrom(/\/rotate$/, () => dialog.getByRole('button', { name: 'Rotate' }).click())
      const reveal = page.getByRole('dialog', { name: 'Key rotated' })
      await reveal.waitFor()
      expect(await reveal.locator('code').first().textContent()).toBe(key)
      expect(await reveal.getByText('The old key keeps working until').isVisible()).toBe(true)
      await screenshot(page, 'desktop-09-rotated')
      await reveal.getByRole('button', { name: 'Done' }).click()
      await reveal.waitFor({ state: 'hidden' })

      const previous = (await dashboardCall(server.base, 'GET', `/api-keys/${old.id}`)).json.data
      expect(Date.parse(previous.expiresAt) - before).toBeGreaterThan(3_590_000)
      expect(Date.parse(previous.expiresAt) - before).toBeLessThan(3_700_000)
      const replacement = (await dashboardCall(server.base, 'GET', `/api-keys/${id}`)).json.data
      expect(replacement).toMatchObject({ name: 'Rotating key', keyType: 'live', scopes: ['ip'], status: 'active' })
      expect((await authTest(server.base, old.key)).status).toBe(200)
      expect((await authTest(server.base, key)).status).toBe(200)
      const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Rotating key' }) })
      await expect.poll(() => rows.count()).toBe(2)
      expect(await rows.filter({ hasText: old.maskedKey }).getByText('in 1 hour').isVisible()).toBe(true)
      expect(await placesHolding(page, key)).toEqual([])
      await screenshot(page, 'desktop-10-after-rotate')
    },
    STEP_TIMEOUT,
  )

  it(
    'U7 usage shows recent requests (time, method, path, status, IP, country) of all keys and of one key',
    async () => {
      const first = (await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Busy key', sandbox: true })).json
        .data
      const second = (await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Other busy key', sandbox: true }))
        .json.data
      const call = (key: string, path: string) =>
        fetch(`${server.base}${path}`, { headers: { Authorization: `Bearer ${key}` } })
      for (let i = 0; i < 3; i++) expect((await call(first.key, '/api/v1/ip/lookup?ip=192.0.2.7')).status).toBe(200)
      expect((await call(second.key, '/api/v1/email/validate?email=a%40example.com')).status).toBe(200)
      await open()
      await signIn(page, server.base)

      await page.getByRole('tab', { name: 'Usage' }).click()
      const usage = page.getByRole('table', { name: 'Recent requests' })
      await usage.getByRole('row').nth(1).waitFor()
      expect(await page.getByRole('columnheader').allTextContents()).toEqual([
        'Time',
        'Key',
        'Method',
        'Path',
        'Status',
        'IP',
        'Country',
      ])
      const cells = await usage
        .getByRole('row')
        .filter({ hasText: 'Other busy key' })
        .first()
        .getByRole('cell')
        .allTextContents()
      expect(cells.slice(1)).toEqual(['Other busy key', 'GET', '/api/v1/email/validate', '200', '127.0.0.1', '—'])
      expect(cells[0]).toMatch(/\d{4}, \d{1,2}:\d{2}:\d{2}/)
      expect(
        await usage.getByRole('row').filter({ hasText: 'Busy key' }).filter({ hasText: '/api/v1/ip/lookup' }).count(),
      ).toBeGreaterThanOrEqual(3)
      await screenshot(page, 'desktop-11-usage')
      await expectAccessible(page, 'usage')

      // A row's Usage button: the same tab, filtered to that key.
      await page.getByRole('tab', { name: 'Keys' }).click()
      await row('Busy key').getByRole('button', { name: 'Usage' }).click()
      expect(await page.getByRole('combobox', { name: 'Key' }).inputValue()).toBe(first.id)
      await expect.poll(() => usage.getByRole('row').count()).toBe(4)
      expect(await usage.getByText('Other busy key').count()).toBe(0)
      expect(await isFocused(page.getByRole('tab', { name: 'Usage' }))).toBe(true)
    },
    STEP_TIMEOUT,
  )

  it(
    'U3 O4 pages through more keys than one page holds with Next and Previous, none repeated or skipped',
    async () => {
      const owner = 'paging-owner'
      const created: string[] = []
      for (let i = 1; i <= 23; i++) {
        const name = `Paged key ${String(i).padStart(2, '0')}`
        expect((await dashboardCall(server.base, 'POST', '/api-keys', { name }, owner)).status).toBe(201)
        created.push(name)
        // Newest first is by creation time: two keys made in one millisecond would tie.
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      await open()
      await signIn(page, server.base, owner)
      const names = () => page.getByRole('rowheader').allTextContents()
      const first = await names()
      expect(first).toEqual(created.slice().reverse().slice(0, 20))
      await page.getByRole('button', { name: 'Next' }).click()
      await expect.poll(() => page.getByText('Page 2').isVisible()).toBe(true)
      await expect.poll(names).toEqual(created.slice(0, 3).reverse())
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
      await screenshot(page, 'desktop-12-page-2')
      await page.getByRole('button', { name: 'Previous' }).click()
      await expect.poll(names).toEqual(first)
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
    },
    STEP_TIMEOUT,
  )

  it(
    'U2 O8 owner isolation: an owner sees and creates only its own keys; another owner never sees them',
    async () => {
      await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Acme production' }, 'acme')
      await dashboardCall(server.base, 'POST', '/api-keys', { name: 'Globex production' }, 'globex')
      await open()
      // An administrator types scopes: one the dashboard refuses is explained in words (not as a
      // pattern), the field named as labelled and marked.
      await signIn(page, server.base)
      await page.getByRole('button', { name: 'Create key' }).click()
      const adminDialog = page.getByRole('dialog', { name: 'Create key' })
      await adminDialog.getByRole('textbox', { name: 'Name' }).fill('Refused scope')
      const scopes = adminDialog.getByRole('textbox', { name: /^Scopes/ })
      await scopes.fill('Reports')
      await adminDialog.getByRole('button', { name: 'Create', exact: true }).click()
      await expect
        .poll(() => adminDialog.getByRole('alert').textContent())
        .toBe(
          'Scopes: each scope must be a lowercase letter then up to 63 of a-z, 0-9 and : . _ -, or end in the wildcard segment .* (or be * alone)',
        )
      expect(await scopes.getAttribute('aria-invalid')).toBe('true')
      await adminDialog.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Sign out' }).click()

      await signIn(page, server.base, 'acme')
      expect(await page.getByText('Owner: acme').isVisible()).toBe(true)
      expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Acme production'])
      await page.getByRole('button', { name: 'Create key' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create key' })
      expect(await dialog.getByRole('textbox', { name: 'Owner id' }).count()).toBe(0)
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Acme staging')
      // An owner ticks scopes from those it may give (B2): no free text field.
      expect(await dialog.getByRole('textbox', { name: /^Scopes/ }).count()).toBe(0)
      await dialog.getByRole('checkbox', { name: 'ip' }).check()
      const { id } = await keyFrom(/\/api-keys$/, () =>
        dialog.getByRole('button', { name: 'Create', exact: true }).click(),
      )
      await page.getByRole('dialog', { name: 'Key created' }).getByRole('button', { name: 'Done' }).click()
      await expect
        .poll(() => page.getByRole('rowheader').allTextContents())
        .toEqual(['Acme staging', 'Acme production'])
      expect((await dashboardCall(server.base, 'GET', `/api-keys/${id}`)).json.data.ownerId).toBe('acme')

      await page.getByRole('button', { name: 'Sign out' }).click()
      await signIn(page, server.base, 'globex')
      expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Globex production'])
      await page.getByRole('tab', { name: 'Usage' }).click()
      expect(await page.getByRole('combobox', { name: 'Key' }).locator('option').allTextContents()).toEqual([
        'All keys',
        expect.stringContaining('Globex production'),
      ])
      await page.getByRole('button', { name: 'Sign out' }).click()

      await signIn(page, server.base)
      expect(await row('Acme staging').getByText('Owner: acme').isVisible()).toBe(true)
    },
    STEP_TIMEOUT,
  )

  it(
    'U9 at 390 px: every screen fits the width, each key is a card, dialogs fit, axe finds nothing serious',
    async () => {
      const { key } = (
        await dashboardCall(
          server.base,
          'POST',
          '/api-keys',
          { name: 'Phone key', sandbox: true, scopes: ['ip'] },
          'phone-owner',
        )
      ).json.data
      await fetch(`${server.base}/api/v1/ip/lookup?ip=192.0.2.9`, { headers: { Authorization: `Bearer ${key}` } })
      await open(PHONE)
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
      const check = async (name: string) => {
        expect(await fits(), `${name} fits 390 px`).toBe(true)
        await screenshot(page, `phone-${name}`)
        await expectAccessible(page, `phone ${name}`)
      }
      await page.goto(`${server.base}/dashboard/`)
      await check('01-sign-in')
      await signIn(page, server.base, 'phone-owner')
      await check('02-keys')
      await page.getByRole('button', { name: 'Create key' }).click()
      await page
        .getByRole('dialog', { name: 'Create key' })
        .getByRole('textbox', { name: 'Name' })
        .fill('Second phone key')
      await check('03-create')
      await page
        .getByRole('dialog', { name: 'Create key' })
        .getByRole('button', { name: 'Create', exact: true })
        .click()
      await page.getByRole('dialog', { name: 'Key created' }).waitFor()
      await check('04-key-shown-once')
      await page.getByRole('button', { name: 'Done' }).click()
      await row('Phone key').getByRole('button', { name: 'Test' }).click()
      const dialog = page.getByRole('dialog', { name: /Test/ })
      await dialog.getByRole('textbox', { name: 'API key' }).fill(key)
      await dialog.getByRole('button', { name: 'Send' }).click()
      await expect.poll(() => dialog.getByRole('status').textContent()).toContain('HTTP 200')
      await check('05-test')
      await dialog.getByRole('button', { name: 'Close' }).click()
      await row('Phone key').getByRole('button', { name: 'Revoke' }).click()
      await check('06-revoke-confirm')
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
      await row('Phone key').getByText('Revoked').waitFor()
      await check('07-keys-after-revoke')
      await page.getByRole('tab', { name: 'Usage' }).click()
      await page
        .getByRole('table', { name: 'Recent requests' })
        .getByRole('row')
        .filter({ hasText: '/api/v1/ip/lookup' })
        .waitFor()
      await check('08-usage')
    },
    STEP_TIMEOUT,
  )
})
