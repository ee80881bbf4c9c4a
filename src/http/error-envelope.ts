/**
 * A thrown error (a handler's, a framework's) as keyward's error envelope (R1): the status it
 * carries, a message for the client, and 5xx errors passed to the host's `onError`.
 */
import type { Keyward } from '../core/instance.js'
import { type ErrorCode, HTTP_MESSAGES, MESSAGES } from '../core/messages.js'
import { withoutBody } from '../core/responses.js'
import type { KeywardResponse } from '../core/types.js'
import type { ResolvedOptions } from './options.js'

/**
 * What an adapter read from its framework's error, in words the kit knows (the kit knows no
 * framework): a request body that is not JSON, or a schema's validation message, whose text comes
 * from the schema, never from the request.
 */
export type RequestProblem = { kind: 'invalid-json' } | { kind: 'validation'; detail: string }

/** A thrown error as the error envelope; 5xx errors are passed to `onError`. */
export type ThrownErrorResponse = (
  error: unknown,
  requestId: string,
  method?: string,
  problem?: RequestProblem,
) => KeywardResponse

/** The status an error carries (a framework's HTTP error), else 500. */
function statusOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
  const value = typeof statusCode === 'number' ? statusCode : status
  return typeof value === 'number' && value >= 400 && value <= 599 ? value : 500
}

/** The response without its body when the request was a HEAD. */
export const onHead = (method: string | undefined, response: KeywardResponse) =>
  method === 'HEAD' ? withoutBody(response) : response

/** A thrown error (a handler's, a framework's) as the error envelope; 5xx errors are passed to `onError`. */
export function createThrownAnswer(keyward: Keyward, onError: ResolvedOptions['onError']): ThrownErrorResponse {
  const names = keyward.names
  return function thrownErrorResponse(
    error: unknown,
    requestId: string,
    method?: string,
    problem?: RequestProblem,
  ): KeywardResponse {
    const status = statusOf(error)
    let code: ErrorCode = 'INTERNAL_ERROR'
    let message: string
    if (status === 413) {
      code = 'payload_too_large'
      message = HTTP_MESSAGES.payloadTooLarge(names)
    } else if (status === 404) {
      code = 'not_found'
      message = MESSAGES.notFound(names)
    } else if (status < 500) {
      code = 'invalid_request'
      message =
        problem?.kind === 'invalid-json'
          ? HTTP_MESSAGES.invalidJson(names)
          : problem?.kind === 'validation'
            ? HTTP_MESSAGES.invalidRequestDetail(names, problem.detail)
            : HTTP_MESSAGES.invalidRequest(names)
    } else {
      try {
        onError(error, { requestId })
      } catch {
        // A failing logger must not turn a 500 into a crash.
      }
      message = HTTP_MESSAGES.serverError(names, requestId)
    }
    return onHead(method, keyward.errorResponse(code, message, requestId))
  }
}

/** The status a usage entry records for a thrown error: the HTTP status it carries, else 500. */
export function statusOfThrown(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500
}

/**
 * A request the server could not read into a request at all: 400 when `malformed` (a bad path,
 * URL or Host header), else a 500 logged with its request id.
 */
export function unreadableRequestResponse(keyward: Keyward, error: unknown, malformed: boolean): KeywardResponse {
  const requestId = keyward.requestId()
  if (malformed) {
    return keyward.errorResponse('invalid_request', HTTP_MESSAGES.malformedRequest(keyward.names), requestId)
  }
  console.error(`keyward: internal error (request id ${requestId})`, error)
  return keyward.errorResponse('INTERNAL_ERROR', HTTP_MESSAGES.serverError(keyward.names, requestId), requestId)
}
