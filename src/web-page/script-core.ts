/**
 * The page script's shared parts: settings read from `<html>`, building elements (text only: the
 * script never parses HTML), dates, masking, the dashboard client, dialogs and the toast.
 */
import { OWNER_ID_PATTERN } from '../core/key-input.js'

export const SCRIPT_CORE = String.raw`
const root = document.documentElement;
const config = {
  dashboard: root.dataset.dashboard || '',
  authTest: root.dataset.authTest || '',
  keyPrefix: root.dataset.keyPrefix || '',
  signIn: root.dataset.signIn === 'session' ? 'session' : 'token',
};
const STORAGE_TOKEN = 'keyward.dashboard.token';
const STORAGE_OWNER = 'keyward.dashboard.owner';
const REQUEST_TIMEOUT_MS = 15000;
const OWNER_PATTERN = ${OWNER_ID_PATTERN};
/** What is wrong with an owner id typed into a form, or '' when nothing is. */
const ownerProblem = (owner) => (OWNER_PATTERN.test(owner) ? '' : 'An owner id is 1–128 letters, digits and . _ : @ -');

/** Who is signed in: the token and owner of the sign-in form (token mode), or the host's session. */
const session = { token: null, owner: null };

const byId = (id) => document.getElementById(id);

/** An element with properties, attributes and children; text is always set as text. */
function el(tag, props, children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') node.textContent = value;
    else if (name === 'class') node.className = value;
    else if (name === 'onclick') node.addEventListener('click', value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children || []) if (child !== null && child !== undefined) node.append(child);
  return node;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const WEEK_MS = 7 * 86400000;
/** Each unit, its length in seconds, and the count from which the next unit reads better. */
const RELATIVE_UNITS = [['second', 1, 60], ['minute', 60, 60], ['hour', 3600, 24], ['day', 86400, 30], ['month', 2592000, 12], ['year', 31536000, Infinity]];

/** "3 minutes ago", "in 1 hour". */
function fromNow(date) {
  const seconds = (date.getTime() - Date.now()) / 1000;
  for (const [unit, size, most] of RELATIVE_UNITS) {
    const count = Math.round(seconds / size);
    if (Math.abs(count) < most) return relative.format(count, unit);
  }
  return dateOnly.format(date);
}

/**
 * A <time> element (the exact time in its tooltip), or a muted "Never" for null. "relative": how
 * long ago; "soon": how long until, when that is within a week (an expiry during a grace period).
 */
function timeCell(iso, style) {
  if (!iso) return el('span', { class: 'never', text: 'Never' });
  const date = new Date(iso);
  const untilMs = date.getTime() - Date.now();
  const near = style === 'relative' || (style === 'soon' && untilMs > 0 && untilMs < WEEK_MS);
  return el('time', { datetime: iso, title: dateTime.format(date), class: 'nowrap', text: near ? fromNow(date) : dateOnly.format(date) });
}

/** A key as the table shows one: its prefix, four stars and its last four characters. */
function maskKey(key) {
  const match = /^([A-Za-z0-9]+_(?:live|test)_)/.exec(key);
  const tail = key.length >= 12 ? key.slice(-4) : '';
  return (match ? match[1] : '') + '****' + tail;
}

function badge(kind, text) {
  return el('span', { class: 'badge badge-' + kind, text: text });
}
const typeBadge = (keyType) => (keyType === 'test' ? badge('test', 'Sandbox') : badge('live', 'Live'));
const STATUS_TEXT = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };
const statusBadge = (status) => badge(status, STATUS_TEXT[status] || status);

/** A refusal of the dashboard routes, with the envelope's code and message. */
class DashboardError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

function dashboardHeaders(hasBody) {
  // A custom header a cross-site form or image cannot send: hosts whose guard reads a cookie rely on it.
  const headers = { Accept: 'application/json', 'X-Keyward-Request': '1' };
  if (config.signIn === 'token' && session.token) headers.Authorization = 'Bearer ' + session.token;
  if (session.owner) headers['X-Keyward-Owner'] = session.owner;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/** Calls a dashboard route; resolves with the envelope, rejects with a DashboardError. Bounded in time. */
async function dashboard(method, path, body) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(config.dashboard + path, {
      method: method,
      headers: dashboardHeaders(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'manual',
      signal: controller.signal,
    });
    // A host's login wall answers with a redirect: that is "not signed in", not a broken server.
    if (response.type === 'opaqueredirect') throw new DashboardError(401, null, 'The dashboard redirected the request: sign in first.', null);
    const payload = await response.json().catch(() => null);
    if (response.ok && payload) return payload;
    const error = (payload && payload.error) || {};
    const message = error.message || 'The server answered with status ' + response.status + '.';
    throw new DashboardError(response.status, error.code || null, message, response.headers.get('Retry-After'));
  } catch (error) {
    if (error instanceof DashboardError) throw error;
    const message = controller.signal.aborted ? 'The server did not answer in time. Try again.' : 'The server cannot be reached. Check the connection and try again.';
    throw new DashboardError(0, null, message, null);
  } finally {
    clearTimeout(timer);
  }
}

/** The message to show for a failed call; a refused session ends it. */
function describeFailure(error) {
  if (error instanceof DashboardError && error.status === 401 && (session.token !== null || config.signIn === 'session')) {
    signOut('The dashboard no longer accepts this sign-in. Sign in again.');
  }
  if (error instanceof DashboardError && error.status === 429 && error.retryAfter) {
    return 'Too many refused requests from this address. Try again in ' + error.retryAfter + ' seconds.';
  }
  return error && error.message ? error.message : 'Something went wrong. Try again.';
}

let toastTimer = 0;
/** A short message at the bottom of the page, also read out by screen readers. */
function toast(text) {
  const node = byId('toast');
  node.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (node.textContent = ''), 4000);
}

/** Where focus returns when a dialog closes: the control that opened it, or a fallback if it is gone. */
const openers = new WeakMap();

function openDialog(dialog, opener, focusTarget) {
  openers.set(dialog, opener || document.activeElement);
  dialog.showModal();
  const target = focusTarget || dialog.querySelector('input, select, button');
  if (target) target.focus();
}

function restoreFocus(dialog) {
  const opener = openers.get(dialog);
  openers.delete(dialog);
  // A dialog that hands over to another (create, then the new key) leaves focus to that one.
  if (document.querySelector('dialog[open]')) return;
  const target = opener && opener.isConnected ? opener : sameControlNow(opener);
  if (target && !target.disabled && target.offsetParent !== null) target.focus();
  else byId('page-title').focus();
}

/** A row redrawn since its button opened the dialog: the same button in the new row, else the row's first. */
function sameControlNow(opener) {
  const oldRow = opener && opener.closest ? opener.closest('tr[data-key-id]') : null;
  const row = oldRow && rowOf(oldRow.dataset.keyId);
  if (!row) return null;
  const buttons = [...row.querySelectorAll('button')];
  return buttons.find((button) => button.textContent === opener.textContent) || buttons[0] || null;
}

function setupDialogs() {
  for (const dialog of document.querySelectorAll('dialog')) {
    // The new-key dialog returns focus itself, once the table behind it is read again.
    if (!dialog.hasAttribute('data-focus-later')) dialog.addEventListener('close', () => restoreFocus(dialog));
    for (const button of dialog.querySelectorAll('[data-close]')) button.addEventListener('click', () => dialog.close());
  }
}

/** Shows a form's error (or clears it with ''), and marks the field it is about. */
function formError(id, text, field) {
  byId(id).textContent = text;
  if (field) {
    field.setAttribute('aria-invalid', text ? 'true' : 'false');
    if (text) field.focus();
  }
}

/** Disables a submit button while its request runs. */
async function busy(button, task) {
  button.disabled = true;
  try {
    return await task();
  } finally {
    button.disabled = false;
  }
}
`
