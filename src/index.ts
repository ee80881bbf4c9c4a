/**
 * keyward: API-key authentication for Node HTTP servers. This is the framework-free core; the
 * adapters live at `keyward/express`, `keyward/fastify` and `keyward/hono`, the Redis stores at
 * `keyward/redis`, test helpers at `keyward/testing` and the HTTP client at `keyward/client`.
 */
export {
  createKeyward,
  toRecord,
  DEFAULT_LIMITS,
  type ApiKeyContext,
  type AuthDecision,
  type AuthFailure,
  type AuthSuccess,
  type CreatedKey,
  type DecisionEvent,
  type DecisionOutcome,
  type Keyward,
  type KeywardOptions,
  type OwnerLimitsOptions,
  type OwnerWindows,
  type KeyListPage,
  type KeyManager,
  type LifecycleEvent,
  type ListKeysOptions,
  type Pepper,
  type RotateOptions,
  type StoreFaultEvent,
  type TelemetryOptions,
  type UsageOutcome,
} from './keyward.js'
export {
  BASE62_ALPHABET,
  KEY_PATTERN,
  checkKey,
  checksumOf,
  crc32,
  generateKey,
  generateKeyId,
  hashKey,
  isWellFormedKey,
  keyPattern,
  maskKey,
  maskKeysIn,
  maskKeysInPath,
  parseKey,
  type KeyFormatProblem,
  type ParsedKey,
} from './core/key-format.js'
export {
  extractCredentials,
  parseAuthorization,
  queryCarriesKey,
  type CredentialFailure,
  type Credentials,
} from './core/credentials.js'
export {
  ERROR_STATUS,
  DASHBOARD_MESSAGES,
  MESSAGES,
  messagePrefixes,
  type ErrorCode,
  type FormatDetail,
  type MalformedDetail,
  type MessageNames,
  type Remedies,
} from './core/messages.js'
export {
  JSON_CONTENT_TYPE,
  errorResponse,
  successResponse,
  withoutBody,
  limitHeaders,
  type HeaderOptions,
  type IetfRateLimitDraft,
  type KeywardErrorBody,
} from './core/responses.js'
export { generateRequestId, resolveRequestId } from './core/request-id.js'
export { systemClock } from './core/clock.js'
export {
  KeyInputError,
  KeyNotFoundError,
  KeyRevokedError,
  KeywardError,
  StoreTimeoutError,
  type KeywardErrorCode,
} from './core/errors.js'
export {
  MAX_META_BYTES,
  OWNER_ID_PATTERN,
  SCOPE_PATTERN,
  validateCreateKeyInput,
  validateMeta,
  validateOwnerId,
  validateUpdateKeyInput,
  type CreateKeyInput,
  type UpdateKeyInput,
  type ValidCreateKeyInput,
} from './core/key-input.js'
export { keyStatus, matchesFilter, newestFirst, type KeyFilter } from './core/key-list.js'
export { composeAuthorize } from './core/compose-authorize.js'
export { STORES_NOT_FUSED_WARNING_CODE, fusedAuthorize, type FusedStores } from './core/fused-authorize.js'
export {
  DASHBOARD_MAX_BODY_BYTES,
  bearerTokenGuard,
  createDashboard,
  type Dashboard,
  type DashboardGuardResult,
  type DashboardOptions,
  type DashboardPrincipal,
  type DashboardRequest,
} from './dashboard/index.js'
export {
  createMemoryKeyStore,
  createMemoryRateLimiter,
  createMemoryStores,
  createMemoryUsageLog,
} from './stores/memory/index.js'
export type {
  ApiKeyRecord,
  AuthorizeInput,
  AuthorizeOutcome,
  Awaitable,
  Clock,
  KeyLimits,
  KeyListQuery,
  KeyMeta,
  KeyPage,
  KeyPatch,
  KeyPosition,
  KeyStatus,
  KeyStore,
  KeyType,
  KeywardResponse,
  KeywardStores,
  LimitDecision,
  LimitPolicy,
  LimitRequest,
  LimitReservation,
  OwnerLimitsCheck,
  RateLimiter,
  Register,
  RequestView,
  RouteRequirements,
  StoredKey,
  UsageEntry,
  UsageLog,
  UsageQuery,
  WindowState,
} from './core/types.js'
