/**
 * Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * with the secret's bytes (`whsec_<base64>`), so any receiver verifies them with the
 * `standardwebhooks` package in its own language. The secret is read by `core/webhook-options.ts`.
 */
import { createHmac } from 'node:crypto'

/** The headers of one signed message; `timestamp` is in Unix seconds. */
export function signedHeaders(key: Buffer, id: string, timestamp: number, body: string): Record<string, string> {
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  }
}
