/**
 * Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * with the secret's bytes (`whsec_<base64>`), so any receiver verifies them with the
 * `standardwebhooks` package in its own language.
 */
import { createHmac } from 'node:crypto'

const SECRET_PREFIX = 'whsec_'
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/**
 * The signing key of a `whsec_<base64>` secret, or undefined when the text is not one (24 to 64
 * bytes, as the specification recommends at least 24).
 */
export function webhookSecretBytes(secret: string): Buffer | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined
  const body = secret.slice(SECRET_PREFIX.length)
  if (!BASE64.test(body)) return undefined
  const bytes = Buffer.from(body, 'base64')
  return bytes.length >= 24 && bytes.length <= 64 ? bytes : undefined
}

/** The headers of one signed message; `timestamp` is in Unix seconds. */
export function signedHeaders(key: Buffer, id: string, timestamp: number, body: string): Record<string, string> {
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  }
}
