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
type Envelope = { error: { code: ApiErrorCode; message: string } }
// Each status is a key of its own: a document that lost one fails here.
const statuses: [Exactly<LookupIpErrors[401], Envelope>, Exactly<LookupIpErrors[429], Envelope>] = [true, true]
const success: Exactly<LookupIpResponses[200]['data']['version'], 4 | 6> = true

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

void [okTyped, errorTyped, codes, statuses, success]
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
