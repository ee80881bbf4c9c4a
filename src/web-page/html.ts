/**
 * The page's HTML: every view and dialog is in the document from the start, and the script only
 * fills in data and shows or hides parts. The app's paths and names are data attributes on
 * `<html>`, so the script learns where the dashboard routes and the auth test answer.
 */
import type { WebPageSettings } from './index.js'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

/** The token form of the reference server (and any host whose guard takes a bearer token). */
function tokenSignIn(service: string): string {
  return `
<section id="sign-in-view" class="sign-in" aria-labelledby="sign-in-title" hidden>
  <form id="sign-in-form" class="card sign-in-card" novalidate>
    <h1 id="sign-in-title">Sign in</h1>
    <p class="muted">Manage the API keys of ${service}.</p>
    <div class="field">
      <label for="sign-in-token">Dashboard token</label>
      <input id="sign-in-token" name="token" type="password" autocomplete="off" spellcheck="false" autocapitalize="off" required>
    </div>
    <div class="field">
      <label for="sign-in-owner">Owner <span class="optional">(optional)</span></label>
      <input id="sign-in-owner" name="owner" type="text" autocomplete="off" spellcheck="false" autocapitalize="off" maxlength="128" aria-describedby="sign-in-owner-hint">
      <p id="sign-in-owner-hint" class="hint">A customer's id, to see only that customer's keys. Leave empty to manage every key.</p>
    </div>
    <p id="sign-in-error" class="form-error" role="alert"></p>
    <button class="btn btn-primary btn-block" type="submit">Sign in</button>
    <p class="hint center">The token stays in this browser tab and is forgotten when you sign out or close the tab.</p>
  </form>
</section>`
}

/** A host whose guard reads its own login session: nothing to sign in with here. */
function sessionSignIn(): string {
  return `
<section id="sign-in-view" class="sign-in" aria-labelledby="sign-in-title" hidden>
  <div class="card sign-in-card">
    <h1 id="sign-in-title">Not signed in</h1>
    <p id="sign-in-error" class="form-error" role="alert"></p>
    <p class="muted">Sign in to the application first, then reload this page.</p>
  </div>
</section>`
}

function header(service: string, base: string): string {
  return `
<header class="topbar">
  <div class="brand">
    <img class="brand-mark" src="${base}icon.svg" alt="" width="28" height="28">
    <span class="brand-name">${service}</span>
    <span class="brand-divider" aria-hidden="true"></span>
    <span class="brand-section">Dashboard</span>
  </div>
  <div id="session-bar" class="session-bar" hidden>
    <span id="principal" class="principal"></span>
    <button id="sign-out" class="btn btn-ghost" type="button">Sign out</button>
  </div>
</header>`
}

function keysPanel(): string {
  return `
  <div id="panel-keys" class="panel" role="tabpanel" aria-labelledby="tab-keys">
    <div class="toolbar">
      <div class="filters">
        <label class="inline-field"><span>Status</span>
          <select id="filter-status"><option value="">All</option><option value="active">Active</option><option value="revoked">Revoked</option><option value="expired">Expired</option></select>
        </label>
        <label class="inline-field"><span>Type</span>
          <select id="filter-type"><option value="">All</option><option value="live">Live</option><option value="test">Sandbox</option></select>
        </label>
      </div>
      <p id="keys-summary" class="muted small" aria-live="polite"></p>
    </div>
    <div class="table-wrap" tabindex="0" role="region" aria-label="API Keys, scrolls sideways on narrow screens">
      <table id="keys-table" class="data-table keys-table" aria-labelledby="page-title">
        <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody id="keys-body"></tbody>
      </table>
      <div id="keys-empty" class="empty" hidden>
        <p id="keys-empty-title" class="empty-title">No keys yet</p>
        <p id="keys-empty-text" class="muted">Create a key to start calling the API.</p>
      </div>
      <p id="keys-error" class="panel-error" role="alert"></p>
    </div>
    <nav class="pager" aria-label="Pages of keys">
      <button id="page-previous" class="btn btn-secondary" type="button" disabled>Previous</button>
      <span id="page-label" class="muted small">Page 1</span>
      <button id="page-next" class="btn btn-secondary" type="button" disabled>Next</button>
    </nav>
  </div>`
}

function usagePanel(): string {
  return `
  <div id="panel-usage" class="panel" role="tabpanel" aria-labelledby="tab-usage" hidden>
    <div class="toolbar">
      <div class="filters">
        <label class="inline-field key-picker"><span>Key</span><select id="usage-key"><option value="">All keys</option></select></label>
        <button id="usage-refresh" class="btn btn-secondary" type="button">Refresh</button>
      </div>
      <p id="usage-summary" class="muted small" aria-live="polite"></p>
    </div>
    <div class="table-wrap" tabindex="0" role="region" aria-label="Recent requests, scrolls sideways on narrow screens">
      <table class="data-table usage-table" aria-label="Recent requests">
        <thead><tr><th scope="col">Time</th><th scope="col">Key</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">IP</th><th scope="col">Country</th></tr></thead>
        <tbody id="usage-body"></tbody>
      </table>
      <div id="usage-empty" class="empty" hidden>
        <p class="empty-title">No requests yet</p>
        <p class="muted">Requests made with a key appear here. The auth test and ping are not recorded.</p>
      </div>
      <p id="usage-error" class="panel-error" role="alert"></p>
    </div>
  </div>`
}

function appView(): string {
  return `
<section id="app-view" class="app" hidden>
  <div class="page-head">
    <div>
      <h1 id="page-title" tabindex="-1">API Keys</h1>
      <p class="muted">Keys authenticate requests to the API. A key's full value is shown once, when it is created.</p>
    </div>
    <button id="create-open" class="btn btn-primary" type="button"><span aria-hidden="true" class="plus">+</span> Create key</button>
  </div>
  <div class="tabs" role="tablist" aria-label="Dashboard sections">
    <button id="tab-keys" class="tab" role="tab" type="button" aria-selected="true" aria-controls="panel-keys">Keys</button>
    <button id="tab-usage" class="tab" role="tab" type="button" aria-selected="false" aria-controls="panel-usage" tabindex="-1">Usage</button>
  </div>
  ${keysPanel()}
  ${usagePanel()}
</section>`
}

function createDialog(prefix: string): string {
  return `
<dialog id="create-dialog" class="dialog" aria-labelledby="create-title">
  <form id="create-form" novalidate>
    <h2 id="create-title">Create key</h2>
    <div class="field">
      <label for="create-name">Name</label>
      <input id="create-name" name="name" type="text" maxlength="100" autocomplete="off" required aria-describedby="create-name-hint">
      <p id="create-name-hint" class="hint">Where the key is used, such as "Production server".</p>
    </div>
    <div class="field switch-field">
      <label class="switch" for="create-sandbox">
        <input id="create-sandbox" name="sandbox" type="checkbox" role="switch" aria-describedby="create-sandbox-hint">
        <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
        <span class="switch-label">Sandbox Mode</span>
      </label>
      <p id="create-sandbox-hint" class="hint">A sandbox key starts with <code>${prefix}_test_</code> and has lower limits; a live key starts with <code>${prefix}_live_</code>.</p>
    </div>
    <div class="field-row">
      <div class="field">
        <label for="create-expiry">Expires</label>
        <select id="create-expiry" name="expiry"><option value="">Never</option><option value="7">In 7 days</option><option value="30">In 30 days</option><option value="90">In 90 days</option><option value="365">In 1 year</option></select>
      </div>
      <div class="field" id="create-owner-field" hidden>
        <label for="create-owner">Owner id <span class="optional">(optional)</span></label>
        <input id="create-owner" name="owner" type="text" maxlength="128" autocomplete="off" spellcheck="false">
      </div>
    </div>
    <div class="field">
      <label for="create-scopes">Scopes <span class="optional">(optional)</span></label>
      <input id="create-scopes" name="scopes" type="text" autocomplete="off" spellcheck="false" aria-describedby="create-scopes-hint">
      <p id="create-scopes-hint" class="hint">Separated by spaces or commas, such as <code>ip email</code>. Leave empty for every scope.</p>
    </div>
    <p id="create-error" class="form-error" role="alert"></p>
    <div class="dialog-actions">
      <button class="btn btn-secondary" type="button" data-close>Cancel</button>
      <button id="create-submit" class="btn btn-primary" type="submit">Create</button>
    </div>
  </form>
</dialog>`
}

function revealDialog(): string {
  return `
<dialog id="reveal-dialog" class="dialog" data-focus-later aria-labelledby="reveal-title" aria-describedby="reveal-warning">
  <h2 id="reveal-title">Key created</h2>
  <p id="reveal-warning" class="callout callout-warning">Copy the key now. It is shown only this once: after you close this dialog, it cannot be shown again.</p>
  <div class="secret">
    <code id="reveal-key" class="secret-value"></code>
    <button id="reveal-copy" class="btn btn-secondary" type="button">Copy</button>
  </div>
  <p id="reveal-copied" class="copy-status" role="status"></p>
  <dl id="reveal-details" class="details"></dl>
  <p id="reveal-note" class="reveal-note"></p>
  <div class="dialog-actions">
    <button id="reveal-done" class="btn btn-primary" type="button">Done</button>
  </div>
</dialog>`
}

function revokeDialog(): string {
  return `
<dialog id="revoke-dialog" class="dialog dialog-narrow" role="alertdialog" aria-labelledby="revoke-title" aria-describedby="revoke-description">
  <h2 id="revoke-title">Revoke “<span class="quoted" id="revoke-name"></span>”?</h2>
  <p id="revoke-description">Requests with this key are refused from now on. A revoked key cannot be made active again.</p>
  <p id="revoke-error" class="form-error" role="alert"></p>
  <div class="dialog-actions">
    <button class="btn btn-secondary" type="button" data-close>Cancel</button>
    <button id="revoke-confirm" class="btn btn-danger" type="button">Revoke key</button>
  </div>
</dialog>`
}

function rotateDialog(): string {
  return `
<dialog id="rotate-dialog" class="dialog" aria-labelledby="rotate-title" aria-describedby="rotate-description">
  <form id="rotate-form" novalidate>
    <h2 id="rotate-title">Rotate “<span class="quoted" id="rotate-name"></span>”</h2>
    <p id="rotate-description" class="muted">A new key replaces this one, with the same name, type, scopes and limits. Deploy the new key, and the old one stops working when its grace period ends.</p>
    <div class="field">
      <label for="rotate-grace">Grace period for the old key</label>
      <select id="rotate-grace" name="grace">
        <option value="0">None: revoke it now</option>
        <option value="3600">1 hour</option>
        <option value="86400" selected>24 hours</option>
        <option value="604800">7 days</option>
        <option value="2592000">30 days</option>
      </select>
    </div>
    <p id="rotate-error" class="form-error" role="alert"></p>
    <div class="dialog-actions">
      <button class="btn btn-secondary" type="button" data-close>Cancel</button>
      <button id="rotate-submit" class="btn btn-primary" type="submit">Rotate key</button>
    </div>
  </form>
</dialog>`
}

function testDialog(authTest: string): string {
  return `
<dialog id="test-dialog" class="dialog dialog-wide" aria-labelledby="test-title">
  <form id="test-form" novalidate>
    <h2 id="test-title">Test “<span class="quoted" id="test-name"></span>”</h2>
    <p class="muted">Sends <code>GET ${authTest}</code> with the key as a Bearer token. The key is not stored.</p>
    <div class="field">
      <label for="test-key">API key</label>
      <div class="input-with-button">
        <input id="test-key" name="key" type="password" autocomplete="off" spellcheck="false" autocapitalize="off" aria-describedby="test-key-hint">
        <button id="test-send" class="btn btn-primary" type="submit">Send</button>
      </div>
      <p id="test-key-hint" class="hint">Paste the full key; the masked value in the table cannot authenticate.</p>
    </div>
    <p id="test-error" class="form-error" role="alert"></p>
    <p id="test-mismatch" class="callout callout-info" hidden></p>
    <div id="test-result" class="test-result" hidden>
      <p id="test-status" class="test-status" role="status"></p>
      <h3>Request</h3>
      <pre id="test-request" class="code-block" tabindex="0"></pre>
      <h3>Response headers</h3>
      <pre id="test-response-headers" class="code-block" tabindex="0"></pre>
      <h3>Response body</h3>
      <pre id="test-response-body" class="code-block" tabindex="0"></pre>
    </div>
    <div class="dialog-actions">
      <button class="btn btn-secondary" type="button" data-close>Close</button>
    </div>
  </form>
</dialog>`
}

/**
 * The document, with the app's settings as data attributes. Every value written is escaped, and
 * paths are checked by the adapter kit before they get here.
 *
 * @example
 * renderPage({ path: '/dashboard/', signIn: 'token', dashboardPath: '/api/dashboard', authTestPath: '/api/v1/auth/test', serviceName: 'Svc', keyPrefix: 'svc' })
 */
export function renderPage(settings: WebPageSettings): string {
  const service = escapeHtml(settings.serviceName)
  const prefix = escapeHtml(settings.keyPrefix)
  const authTest = escapeHtml(settings.authTestPath ?? '')
  const base = escapeHtml(settings.path)
  return `<!doctype html>
<html lang="en" data-dashboard="${escapeHtml(settings.dashboardPath)}" data-auth-test="${authTest}" data-key-prefix="${prefix}" data-sign-in="${settings.signIn}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light">
<title>API Keys · ${service}</title>
<link rel="icon" href="${base}icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${base}app.css">
<script src="${base}app.js" defer></script>
</head>
<body>
${header(service, base)}
<main id="main" class="main">
${settings.signIn === 'token' ? tokenSignIn(service) : sessionSignIn()}
${appView()}
</main>
<div id="toast" class="toast" role="status" aria-live="polite"></div>
${createDialog(prefix)}
${revealDialog()}
${revokeDialog()}
${rotateDialog()}
${settings.authTestPath === null ? '' : testDialog(authTest)}
</body>
</html>
`
}
