/**
 * The dashboard's texts for owners and for the routes beside create, list, get, revoke and usage
 * (docs/reference-server.md). They read as DASHBOARD_MESSAGES does: nothing of a request is
 * repeated except short field names.
 */
import type { MessageNames } from '../core/messages.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../core/key-list.js'

/** The body each route reads, as its messages show it. */
export const BODY_SHAPES = {
  create: '{ name, sandbox?, expiresAt?, scopes?, limits?, ownerId?, meta?, enabled?, allowedIps?, roles?, credits? }',
  update: '{ name?, meta?, scopes?, limits?, enabled?, allowedIps?, roles?, credits?, expiresAt? }',
  rotate: '{ gracePeriodSeconds?, expiresAt?, name? }',
} as const

/** The longest grace period a rotation over HTTP takes: 365 days, in seconds. */
export const MAX_GRACE_SECONDS = 365 * 24 * 60 * 60

/** A list as a message shows it: each name in quotes, or "none". */
function listed(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.map((name) => `"${name}"`).join(', ')
}

export const DASHBOARD_OWNER_MESSAGES = {
  /** O8: an owner's session named another owner (or none) in a body, a query or a path. */
  otherOwner: (_: MessageNames) =>
    "Forbidden: this dashboard session acts for one owner and can only use that owner's keys.",
  /** Webhook endpoints and deliveries concern every owner: an administrator's view only. */
  webhooks: (_: MessageNames) =>
    'Forbidden: this dashboard session acts for an owner; only an administrator sees the webhook endpoints and deliveries.',
  /** Roles widen what a key may do: an owner gives only those the host lets owners grant. */
  ownRoles: (_: MessageNames, grantable: readonly string[]) =>
    `Forbidden: this dashboard session acts for an owner, which can give its keys roles only from: ${listed(grantable)}. ` +
    'It can remove roles; an administrator can give any.',
  /** An owner gives only the scopes the host lets owners grant, or narrows a key's own. */
  ownScopes: (_: MessageNames, grantable: readonly string[]) =>
    `Forbidden: this dashboard session acts for an owner, which can give its keys scopes only from: ${listed(grantable)}. ` +
    'It can narrow the scopes a key already has; an administrator can give any.',
  /** An owner writes only the top-level meta fields the host lets owners write. */
  ownMeta: (_: MessageNames, writable: readonly string[]) =>
    `Forbidden: this dashboard session acts for an owner, which can write only these meta fields: ${listed(writable)}. ` +
    'Every other meta field must stay as it is; an administrator can write any.',
  /** An owner may add or narrow an address list, never lift or widen one. */
  ownAddresses: (_: MessageNames) =>
    'Forbidden: this dashboard session acts for an owner, which can give allowedIps to a key without them or ' +
    'narrow them (every address within the current ones), but not remove or widen them; an administrator can.',
  /** M9: an owner's body raises, removes or replaces a limit of its own key. */
  raiseLimits: (_: MessageNames) =>
    "Forbidden: this dashboard session can lower its keys' limits or add new ones, but not raise, remove or " +
    "replace them, nor go above the key type's defaults.",
  /** M9: an owner's body tops up, raises or removes the credits of its own key. */
  raiseCredits: (_: MessageNames) =>
    "Forbidden: this dashboard session can lower its keys' credits, but not top them up, raise them, refill " +
    'them more or remove them; an administrator can.',
  /** An owner's body extends its key's lifetime: a later or no expiresAt, or the rotation of an expired key. */
  extendExpiry: (_: MessageNames) =>
    "Forbidden: this dashboard session can bring its keys' expiresAt earlier, but not make it later or remove it, " +
    'nor rotate a key that has expired; an administrator can.',
  /** O9: a route that needs a body got none. */
  bodyRequired: (_: MessageNames, shape: string) => `body is required: send a JSON object ${shape}.`,
  /** O9 */
  notAnObject: (_: MessageNames, shape: string) => `body must be a JSON object ${shape}.`,
  /** O9 */
  gracePeriod: (_: MessageNames) => `gracePeriodSeconds must be an integer from 0 to ${MAX_GRACE_SECONDS} (365 days).`,
  /** O4, O9 */
  listLimit: (_: MessageNames) => `limit must be an integer from 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
  /** O8: written once per kind of mistake to the console; `what` never holds the guard's value. */
  guardResult: (what: string) =>
    `keyward: the dashboard guard returned ${what}, so the request was refused. Return true or { role: 'admin' } ` +
    'for an administrator, { ownerId } for an owner, or false for nobody.',
} as const
