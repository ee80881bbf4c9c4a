/**
 * U10: what the browser tests of the web page share: Debian's Chromium driven by playwright-core
 * (no browser is downloaded), the reference server as `npm start` runs it, axe-core, screenshots,
 * and the dashboard routes called directly to set up a state.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { freePort, type ServerProcess, startServer } from '../server/support.js'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** U10: under CI the browser tests always run, so a missing browser fails them instead of skipping. */
export const RUN_BROWSER_TESTS = process.env.CI === 'true' || existsSync(CHROMIUM)
/** A git-ignored folder unless WEB_PAGE_SCREENSHOTS names another. */
export const SCREENSHOTS = resolve(process.env.WEB_PAGE_SCREENSHOTS ?? '.tmp/web-page-screens')
export const TOKEN = 'web-page-test-token-0123456789'
export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }
/** The full value of a key (K1), anywhere in a text. */
export const FULL_KEY = /svc_(?:live|test)_[0-9A-Za-z]{38}/

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`U10: no Chromium at ${CHROMIUM}; install it with: apt-get install -y chromium`)
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

export interface Reference {
  base: string
  process: ServerProcess
  stop(): Promise<void>
}

/** The reference server (memory store) with a known dashboard token, on a free port. */
export async function startReference(
  framework: 'express' | 'fastify' | 'hono' = 'fastify',
  env: Record<string, string> = {},
): Promise<Reference> {
  const port = await freePort()
  const server = startServer({ ...env, FRAMEWORK: framework, PORT: String(port), DASHBOARD_TOKEN: TOKEN })
  await server.listening
  return {
    base: `http://127.0.0.1:${port}`,
    process: server,
    async stop() {
      if (server.child.exitCode !== null) return
      server.child.kill('SIGTERM')
      await server.exited
    },
  }
}

/** A context whose clipboard the page may write and the test may read. */
export async function newContext(browser: Browser, base: string, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  return context
}

/**
 * Collects every Content-Security-Policy violation the page reports (console and events) and
 * every uncaught error, for the end of a test to assert there were none.
 */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Trusted Type/i.test(message.text())) problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective}`),
    )
  })
  return { problems }
}

/** Signs in with the form, as a user would. */
export async function signIn(page: Page, base: string, owner?: string): Promise<void> {
  await page.goto(`${base}/dashboard/`)
  await page.getByRole('textbox', { name: 'Dashboard token' }).fill(TOKEN)
  if (owner !== undefined) await page.getByRole('textbox', { name: 'Owner' }).fill(owner)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect
    .poll(() => page.getByRole('table', { name: 'API Keys' }).or(page.getByText('No keys yet')).first().isVisible())
    .toBe(true)
}

/** U9: axe-core on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern; axe only reads the DOM.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const result = (await page.evaluate(() => (window as unknown as { axe: { run(): Promise<unknown> } }).axe.run())) as {
    violations: { id: string; impact: string; help: string; nodes: { html: string }[] }[]
  }
  const severe = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    severe.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.html).join(' | ')}`),
    screen,
  ).toEqual([])
}

/** Saves what the window shows, or the whole page with `fullPage`. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled', fullPage })
}

/** A dashboard route, called directly with the reference server's token (and owner). */
export async function dashboardCall(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  owner?: string,
): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }
  if (owner !== undefined) headers['X-Keyward-Owner'] = owner
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${base}/api/dashboard${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json() }
}

/** The auth test endpoint with a key, as a client would call it. */
export async function authTest(base: string, key: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${base}/api/v1/auth/test`, { headers: { Authorization: `Bearer ${key}` } })
  return { status: response.status, json: await response.json() }
}

/**
 * U4: everywhere a page could keep a key: the DOM (with form values), both storages, every
 * global of the page, and the JavaScript heap after a full garbage collection.
 */
export async function placesHolding(page: Page, secret: string): Promise<string[]> {
  const found = await page.evaluate((value) => {
    const places: string[] = []
    if (document.documentElement.outerHTML.includes(value)) places.push('DOM')
    for (const field of Array.from(document.querySelectorAll('input, textarea')))
      if ((field as HTMLInputElement).value.includes(value)) places.push(`field ${field.id}`)
    for (const [name, storage] of [
      ['sessionStorage', sessionStorage],
      ['localStorage', localStorage],
    ] as const) {
      for (let i = 0; i < storage.length; i++) if (storage.getItem(storage.key(i)!)!.includes(value)) places.push(name)
    }
    for (const name of Object.getOwnPropertyNames(window)) {
      let text = ''
      try {
        const held = (window as unknown as Record<string, unknown>)[name]
        text =
          typeof held === 'string'
            ? held
            : held !== null && typeof held === 'object' && !(held instanceof Node)
              ? (JSON.stringify(held) ?? '')
              : ''
      } catch {
        continue
      }
      if (text.includes(value)) places.push(`window.${name}`)
    }
    return places
  }, secret)
  if (await heapHolds(page, secret)) found.push('JavaScript heap')
  return found
}

/** Whether a string is still reachable in the page's heap: a snapshot after a full collection. */
async function heapHolds(page: Page, secret: string): Promise<boolean> {
  const session = await page.context().newCDPSession(page)
  const chunks: string[] = []
  session.on('HeapProfiler.addHeapSnapshotChunk', (event) => chunks.push(event.chunk))
  await session.send('HeapProfiler.enable')
  await session.send('HeapProfiler.collectGarbage')
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  await session.detach()
  return chunks.join('').includes(secret)
}

/** A describe block's browser and reference servers, and the signed-in pages its tests open. */
export interface PageSuite {
  readonly browser: Browser
  /** The first of `servers`. */
  readonly server: Reference
  readonly servers: readonly Reference[]
  /**
   * A page in a fresh context at `viewport`, signed in to `base` (the first server's by default).
   * A test's earlier page is closed first; every page it opened is checked after it.
   */
  open(viewport: { width: number; height: number }, options?: { base?: string; owner?: string }): Promise<Page>
}

/**
 * Declares the hooks of a describe block that drives the page: Chromium and the reference servers
 * `start` gives (one on Fastify by default) before its tests, then `setup`; each test's context
 * closed after it, which fails when the page met a CSP violation or a script error.
 */
export function usePageSuite(
  options: { start?: () => Promise<Reference>[]; setup?: (suite: PageSuite) => Promise<void> } = {},
): PageSuite {
  let browser: Browser | undefined
  let servers: Reference[] = []
  let context: BrowserContext | undefined
  let watch: { problems: string[] } | undefined
  let seen: string[] = []
  async function closePage(): Promise<void> {
    seen = [...seen, ...(watch?.problems ?? [])]
    watch = undefined
    await context?.close()
    context = undefined
  }
  const suite: PageSuite = {
    get browser() {
      return browser!
    },
    get server() {
      return servers[0]!
    },
    get servers() {
      return servers
    },
    async open(viewport, { base = servers[0]!.base, owner } = {}) {
      await closePage()
      context = await newContext(browser!, base, viewport)
      const page = await context.newPage()
      watch = watchPage(page)
      await signIn(page, base, owner)
      return page
    },
  }
  beforeAll(async () => {
    const started = options.start?.() ?? [startReference('fastify')]
    ;[browser, ...servers] = await Promise.all([launchBrowser(), ...started])
    await options.setup?.(suite)
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await Promise.all(servers.map((server) => server.stop()))
  })
  afterEach(async () => {
    await closePage()
    const problems = seen
    seen = []
    expect(problems, 'no CSP violation or script error').toEqual([])
  })
  return suite
}
