/**
 * One delivery attempt: a signed POST that succeeds only on a 2xx answer within the timeout.
 * Redirects are not followed (a moved endpoint is a misconfiguration the host must see), and
 * the body of the answer is never read beyond its status.
 */
import { signedHeaders } from './signing.js'

/** What one attempt came to: the HTTP status when one arrived, else what went wrong. */
export interface AttemptResult {
  ok: boolean
  status: number | null
  error: string | null
}

/** What an attempt sends. */
export interface SignedMessage {
  url: string
  key: Buffer
  id: string
  body: string
}

/** Signed with the wall clock's time, whatever clock keyward runs on: receivers check it against theirs. */
export async function postSigned(
  message: SignedMessage,
  timeoutMs: number,
  abort?: AbortSignal,
): Promise<AttemptResult> {
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'keyward-webhooks',
    ...signedHeaders(message.key, message.id, Math.floor(Date.now() / 1000), message.body),
  }
  const signal = abort ? AbortSignal.any([abort, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetch(message.url, {
      method: 'POST',
      headers,
      body: message.body,
      redirect: 'manual',
      signal,
    })
    // Free the connection without reading what the receiver said.
    await response.body?.cancel().catch(() => undefined)
    const ok = response.status >= 200 && response.status < 300
    return { ok, status: response.status, error: ok ? null : failureOf(response.status) }
  } catch (error) {
    const timedOut = (error as Error)?.name === 'TimeoutError'
    return { ok: false, status: null, error: timedOut ? `no answer within ${timeoutMs} ms` : describe(error) }
  }
}

function failureOf(status: number): string {
  return status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}`
}

/** The network error without anything the receiver controls beyond its message. */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause
  const text = typeof cause?.code === 'string' ? cause.code : String((error as Error)?.message ?? error)
  return text.slice(0, 200)
}
