// An Express 5 (or 4.18+) API protected by keyward. Run: npx tsx examples/express.ts
import express from 'express'
import { createKeyward } from 'keyward'
import { keywardExpress } from 'keyward/express'

const keyward = createKeyward({ serviceName: 'Acme', keyPrefix: 'acme' })
const api = keywardExpress(keyward) // every route under /api/v1/ needs a key

// Routes declared on api: scopes and live-only per route, or public().
api.get('/api/v1/hello', (req, res) => {
  res.json({ data: { hello: req.apiKey!.name, keyType: req.apiKey!.keyType } })
})
api.post('/api/v1/reports', api.protect({ scopes: ['reports:write'], liveOnly: true }), express.json(), (req, res) => {
  res.status(201).json({ data: { received: req.body } })
})
api.get('/api/v1/status', api.public(), (_req, res) => {
  res.json({ data: { up: true } })
})

const app = express()
app.use(api) // before body parsers and the app's own routes
app.use(api.errorHandler) // last: keyward's error envelope on its paths

const port = Number(process.env.PORT ?? 3000)
const { key } = await keyward.keys.create({ name: 'example', sandbox: true })
app.listen(port, () => {
  console.log(`listening on http://127.0.0.1:${port}`)
  console.log(`curl -H "Authorization: Bearer ${key}" http://127.0.0.1:${port}/api/v1/hello`)
})
