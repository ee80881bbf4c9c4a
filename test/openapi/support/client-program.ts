/**
 * A program written against the client @hey-api/openapi-ts generates from the reference server's
 * document. `tsc` checks it first: the results it reads are typed (never `any`), so a document
 * that loses a response or its schema fails to compile. Then it runs, and prints what it read.
 */
const NODE_TYPES = new URL('../../../node_modules/@types', import.meta.url).pathname

export const CLIENT_PROGRAM = `
import { createClient } from './gen/client/index.js'
import { lookupIp } from './gen/sdk.gen.js'
import type { ApiErrorCode, LookupIpErrors, LookupIpResponses } from './gen/types.gen.js'

type IsAny<T> = 0 extends 1 & T ? true : false
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
// Each status is a key of its own: a document that lost one fails here.
const statuses: [LookupIpErrors[401]['error']['message'], LookupIpErrors[429]['error']['message']] = ['', '']
const success: Exactly<LookupIpResponses[200]['data']['version'], 4 | 6> = true
// Each status names the codes it can carry, from the catalogue.
type Unauthorized = 'UNAUTHORIZED' | 'INVALID_API_KEY_FORMAT' | 'INVALID_API_KEY' | 'API_KEY_REVOKED' | 'API_KEY_EXPIRED' | 'API_KEY_DISABLED'
const narrowed: [Exactly<NonNullable<LookupIpErrors[401]['error']['code']>, Unauthorized>, Exactly<NonNullable<LookupIpErrors[429]['error']['code']>, 'rate_limited'>] = [true, true]

const baseUrl = process.env.KEYWARD_CLIENT_BASE_URL!
const key = process.env.KEYWARD_CLIENT_KEY!
const client = createClient({ baseUrl, auth: (scheme) => (scheme.type === 'http' ? key : undefined) })
const anonymous = createClient({ baseUrl })

const ok = await lookupIp({ client, query: { ip: '192.0.2.1' } })
const okTyped: IsAny<typeof ok.data> = false
const version: 4 | 6 | undefined = ok.data?.data.version
const ip: string | undefined = ok.data?.data.ip

const limited = await lookupIp({ client, query: { ip: '192.0.2.1' } })
const limitedCode: ApiErrorCode | undefined = limited.error?.error.code
const errorTyped: IsAny<typeof limited.error> = false

const unauthorized = await lookupIp({ client: anonymous, query: { ip: '192.0.2.1' } })
const unauthorizedCode: ApiErrorCode | undefined = unauthorized.error?.error.code
const codes: Exactly<ApiErrorCode, ${'`'}${'$'}{string}${'`'}> = false

void [okTyped, errorTyped, codes, statuses, success, narrowed]
console.log(
  JSON.stringify({
    ok: { status: ok.response.status, ip, version },
    limited: { status: limited.response.status, code: limitedCode, retryAfter: limited.response.headers.get('retry-after') },
    unauthorized: {
      status: unauthorized.response.status,
      code: unauthorizedCode,
      challenge: unauthorized.response.headers.get('www-authenticate'),
    },
  }),
)
`

export const CLIENT_TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022', 'dom'],
    types: ['node'],
    typeRoots: [NODE_TYPES],
    skipLibCheck: true,
  },
  files: ['program.ts'],
})
