// An Express 5 (or 4.18+) API protected by keyward. Run: npx tsx examples/express.ts
import express from 'express'
import { createKeyward } from 'keyward'
import { keywardExpress } from 'keyward/express'

const keyward = createKeyward({ serviceName: 'Acme', keyPrefix: 'acme' })
const api = keywardExpress(keyward)

const app = express()
app.use(api) // ping, auth test, 404s under /api, X-Request-ID (mount before body parsers)

// Every route under /api/v1 takes api.protect(); scopes and live-only are per route.
app.get('/api/v1/hello', api.protect(), (req, res) => {
  res.json({ data: { hello: req.apiKey!.name, keyType: req.apiKey!.keyType } })
})
app.post('/api/v1/reports', api.protect({ scopes: ['reports:write'], liveOnly: true }), express.json(), (req, res) => {
  res.status(201).json({ data: { received: req.body } })
})

app.use(api.notFound, api.errorHandler) // after the routes: keyward's 404s and error envelope

const port = Number(process.env.PORT ?? 3000)
const { key } = await keyward.keys.create({ name: 'example', keyType: 'test' })
app.listen(port, () => {
  console.log(`listening on http://127.0.0.1:${port}`)
  console.log(`curl -H "Authorization: Bearer ${key}" http://127.0.0.1:${port}/api/v1/hello`)
})
