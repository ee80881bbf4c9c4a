/**
 * keyward: API-key authentication for Node HTTP servers. This is the framework-free core; the
 * adapters live at `keyward/express`, `keyward/fastify` and `keyward/hono`, the Redis and
 * PostgreSQL stores at `keyward/redis` and `keyward/postgres`, test helpers at `keyward/testing`
 * and the HTTP client at `keyward/client`.
 *
 * Every runtime name here is one a host calls; `test/docs/public-surface.test.ts` pins the list.
 */
export {
  createKeyward,
  type ApiKeyContext,
  type AuthDecision,
  type AuthFailure,
  type AuthSuccess,
  type CreatedKey,
  type DecisionEvent,
  type DecisionOutcome,
  type DeliveryView,
  type EndpointView,
  type EventType,
  type Keyward,
  type KeywardEvent,
  type KeywardEvents,
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
  type WebhookEndpoint,
  type WebhookOptions,
} from './keyward.js'
export {
  KEY_PATTERN,
  checkKey,
  generateKey,
  isWellFormedKey,
  keyPattern,
  maskKey,
  maskKeysIn,
  maskKeysInPath,
  parseKey,
  type KeyFormatProblem,
  type ParsedKey,
} from './core/key-format.js'
export { parseAuthorization, type CredentialFailure, type Credentials } from './core/credentials.js'
export type {
  LimitWindow,
  MeterDecision,
  MeterGroup,
  NamedLimit,
  NamedWindowState,
  ResolvedLimit,
} from './core/meter-types.js'
export type {
  ErrorCode,
  FormatDetail,
  MalformedDetail,
  MessageNames,
  Remedies,
} from './core/messages.js'
export {
  errorResponse,
  successResponse,
  type IetfRateLimitDraft,
  type KeywardErrorBody,
} from './core/responses.js'
export type {
  CompleteOpenApiOptions,
  KeywardOpenApi,
  OpenApiComponents,
  OpenApiDocument,
  OpenApiObject,
  OpenApiOperation,
  OpenApiOperationPart,
  OpenApiRoute,
} from './core/openapi/index.js'
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
  type CreateKeyInput,
  type UpdateKeyInput,
} from './core/key-input.js'
export { SCOPE_PATTERN } from './core/permissions.js'
export type { LeakedKeyEvent, SecretScanningOptions } from './core/secret-scanning/index.js'
export type { Analytics, AnalyticsGroupBy, AnalyticsPoint, AnalyticsSeriesQuery } from './core/analytics.js'
export type { LimitUsage } from './core/limit-usage.js'
export type {
  AnalyticsBatch,
  AnalyticsGranularity,
  AnalyticsRetention,
  AnalyticsScope,
  AnalyticsStore,
  AnalyticsStoreOptions,
  OutcomeCount,
  StoredPoint,
  StoredSeriesQuery,
} from './core/analytics-types.js'
export {
  bearerTokenGuard,
  createDashboard,
  type Dashboard,
  type DashboardGuardResult,
  type DashboardOptions,
  type DashboardOwnerOptions,
  type DashboardPrincipal,
  type DashboardRequest,
} from './dashboard/index.js'
export {
  createMemoryAuditLog,
  createMemoryKeyStore,
  createMemoryRateLimiter,
  createMemoryStores,
  createMemoryUsageLog,
  type MemoryAuditLog,
  type MemoryAuditLogOptions,
} from './stores/memory/index.js'
export type {
  AuditAction,
  AuditEntry,
  AuditLog,
  AuditLogOptions,
  AuditPage,
  AuditPosition,
  AuditQuery,
  AuditTrail,
  ChangeOptions,
  ListAuditOptions,
  TimedAuditLogOptions,
} from './core/audit.js'
export type {
  ApiKeyRecord,
  AuthorizeInput,
  AuthorizeOutcome,
  Awaitable,
  Clock,
  CostRequest,
  KeyLimitList,
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
  OwnerPolicy,
  RateLimiter,
  Register,
  RequestView,
  RouteCost,
  RouteRequirements,
  StoredKey,
  UsageEntry,
  UsageLog,
  UsageQuery,
  WindowState,
} from './core/types.js'
