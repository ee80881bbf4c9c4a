/**
 * `keyward/client`: calls a keyward-protected service from a backend (keys never go into browser
 * or mobile code). Explicit named exports only. Any route is called with `request()`; the client
 * carries no methods for one service's own routes.
 */
export { createClient } from './create-client.js'
export type { KeywardClient } from './client.js'
export { DEFAULT_TIMEOUT_MS } from './options.js'
export {
  KeywardClientError,
  KeywardApiError,
  KeywardNetworkError,
  KeywardResponseError,
  KeywardKeyTypeError,
  isKeywardClientError,
} from './errors.js'
export type {
  ApiErrorCode,
  NetworkErrorCode,
  KeywardClientErrorCode,
  AnyKeywardClientError,
  KeywardApiErrorInit,
} from './errors.js'
export type {
  ClientOptions,
  KeyType,
  RateLimitInfo,
  QuotaInfo,
  ResponseMeta,
  KeywardResponse,
  KeywardEnvelopeResponse,
  AuthTestData,
  AuthTestResult,
  PingData,
  WhoamiData,
  WhoamiResult,
  WhoamiOptions,
  HttpMethod,
  QueryValue,
  CallOptions,
  RequestOptions,
  FetchInit,
  FetchResponseLike,
  FetchLike,
} from './types.js'
