/**
 * What the page knows: the app's settings from data attributes on `<html>`, who is signed in, and
 * whether the key views are shown.
 */
const root = document.documentElement

export type SignIn = 'token' | 'session'

export const config = {
  dashboard: root.dataset.dashboard || '',
  authTest: root.dataset.authTest || '',
  keyPrefix: root.dataset.keyPrefix || '',
  signIn: (root.dataset.signIn === 'session' ? 'session' : 'token') as SignIn,
  /** The roles the host defined, offered when editing a key's roles. */
  roles: (root.dataset.roles || '').split(',').filter((name) => name !== ''),
}

export const STORAGE_TOKEN = 'keyward.dashboard.token'
export const STORAGE_OWNER = 'keyward.dashboard.owner'
export const REQUEST_TIMEOUT_MS = 15000

// The library's own pattern, written in when the page is bundled.
const OWNER_PATTERN = new RegExp(OWNER_ID_PATTERN_SOURCE)
/** What is wrong with an owner id typed into a form, or '' when nothing is. */
export const ownerProblem = (owner: string): string =>
  OWNER_PATTERN.test(owner) ? '' : 'An owner id is 1–128 letters, digits and . _ : @ -'

/** What an owner session may give its keys, as `GET /session` answers it. */
export interface Grants {
  scopes: string[]
  meta: string[]
  roles: string[]
}

/**
 * Who is signed in: the token and owner of the sign-in form (token mode), or the host's session;
 * `grants` is what an owner may give its keys (null for the administrator, who may give anything).
 */
export const session: { token: string | null; owner: string | null; grants: Grants | null } = {
  token: null,
  owner: null,
  grants: null,
}

/** Whether the key views are shown (signed in, or the host's session accepted). */
export const view = { active: false }
