/**
 * GitHub's secret scanning endpoint as a path item, for a host that serves it: GitHub signs each
 * report with its own key (two headers), so the operation needs no API key; keyward answers with
 * GitHub's feedback format.
 */
import { errorContent } from './components.js'
import type { OpenApiObject } from './types.js'

const text = { type: 'string' }
const nullableText = { type: ['string', 'null'] }

function signatureHeader(name: string, description: string): OpenApiObject {
  return { name, in: 'header', required: true, description, schema: { ...text, minLength: 1 } }
}

function refusal(
  description: string,
  code: 'UNAUTHORIZED' | 'invalid_request' | 'payload_too_large' | 'INTERNAL_ERROR',
) {
  return { description, content: errorContent([code]) }
}

/** The scanning endpoint's path item: one POST. */
export function secretScanningPathItem(): Record<string, OpenApiObject> {
  const reported = {
    type: 'object',
    required: ['token', 'type'],
    properties: {
      token: { ...text, minLength: 1, maxLength: 4096, description: 'What GitHub found, shaped like a key.' },
      type: { ...text, minLength: 1, maxLength: 4096, description: 'The token type the provider enrolled.' },
      url: { ...nullableText, maxLength: 4096, description: 'Where GitHub found it.' },
      source: { ...nullableText, maxLength: 4096, description: 'What GitHub scanned: content, commit, npm, …' },
    },
  }
  const feedback = {
    type: 'object',
    required: ['token_hash', 'token_type', 'label'],
    properties: {
      token_hash: { ...text, pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the reported token, in hex.' },
      token_type: { ...text, description: 'The reported type.' },
      label: {
        ...text,
        enum: ['true_positive', 'false_positive'],
        description: 'true_positive when the token is a key of this service.',
      },
    },
  }
  return {
    post: {
      operationId: 'reportLeakedKeys',
      summary: 'Receive a GitHub secret scanning report',
      description:
        'GitHub posts the keys it finds in public code here, signed with ECDSA P-256 (SHA-256) over the raw body. ' +
        'Each reported key of this service is revoked (or only reported, by policy), and the answer labels each item. ' +
        'No API key: the signature is the credential.',
      tags: ['Secret scanning'],
      security: [],
      parameters: [
        signatureHeader('Github-Public-Key-Identifier', 'The id of the GitHub public key that signed the body.'),
        signatureHeader('Github-Public-Key-Signature', 'The base64 DER ECDSA signature of the raw body.'),
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'array', items: reported } } },
      },
      responses: {
        200: {
          description: 'One entry per reported item, in order.',
          content: { 'application/json': { schema: { type: 'array', items: feedback } } },
        },
        400: refusal(
          'The body is not an array of { token, type, url, source }; the message names the item.',
          'invalid_request',
        ),
        401: refusal('The signature headers are missing or do not verify; nothing was done.', 'UNAUTHORIZED'),
        413: refusal('The body is larger than the endpoint reads; nothing was done.', 'payload_too_large'),
        500: refusal('The key list or the store failed; send the report again later.', 'INTERNAL_ERROR'),
      },
    },
  }
}
