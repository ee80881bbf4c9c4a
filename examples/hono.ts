// A Hono 4 API protected by keyward, on @hono/node-server. Run: npx tsx examples/hono.ts
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { createKeyward } from 'keyward'
import { keywardHono } from 'keyward/hono'

const keyward = createKeyward({ serviceName: 'Acme', keyPrefix: 'acme' })
const api = keywardHono(keyward)

const app = new Hono()
app.use(api) // ping, auth test, 404s under /api, X-Request-ID

// Every route under /api/v1 takes api.protect(); c.var.apiKey is typed after it.
app.get('/api/v1/hello', api.protect(), (c) => c.json({ data: { hello: c.var.apiKey.name, keyType: c.var.apiKey.keyType } }))
app.post('/api/v1/reports', api.protect({ scopes: ['reports:write'], liveOnly: true }), async (c) => {
  return c.json({ data: { received: await c.req.json() } }, 201)
})

app.notFound(api.notFound) // keyward's 404s under /api
app.onError(api.onError) // keyward's error envelope under /api

const port = Number(process.env.PORT ?? 3000)
const { key } = await keyward.keys.create({ name: 'example', keyType: 'test' })
serve({ fetch: app.fetch, port: port, hostname: '127.0.0.1' }, () => {
  console.log(`listening on http://127.0.0.1:${port}`)
  console.log(`curl -H "Authorization: Bearer ${key}" http://127.0.0.1:${port}/api/v1/hello`)
})
