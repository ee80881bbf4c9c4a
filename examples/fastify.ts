// A Fastify 5 API protected by keyward. Run: npx tsx examples/fastify.ts
import Fastify from 'fastify'
import { createKeyward } from 'keyward'
import { keywardFastify } from 'keyward/fastify'

const keyward = createKeyward({ serviceName: 'Acme', keyPrefix: 'acme' })

const app = Fastify({ logger: true })
// Register before the routes: every route under /api/v1 then needs a key, checked in onRequest.
await app.register(keywardFastify, { keyward })

app.get('/api/v1/hello', async (request) => {
  return { data: { hello: request.apiKey!.name, keyType: request.apiKey!.keyType } }
})
app.post(
  '/api/v1/reports',
  { config: { keyward: { scopes: ['reports:write'], liveOnly: true } } },
  async (request, reply) => {
    return reply.code(201).send({ data: { received: request.body } })
  },
)
// A public route under /api/v1: no key needed.
app.get('/api/v1/status', { config: { keyward: { public: true } } }, async () => ({ data: { up: true } }))

const port = Number(process.env.PORT ?? 3000)
const { key } = await keyward.keys.create({ name: 'example', sandbox: true })
await app.listen({ port: port, host: '127.0.0.1' })
console.log(`curl -H "Authorization: Bearer ${key}" http://127.0.0.1:${port}/api/v1/hello`)
