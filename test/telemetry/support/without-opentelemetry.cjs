// Loaded with `node --require`: @opentelemetry/api resolves as if it were not installed, and Node
// throws its own "Cannot find module" error (MODULE_NOT_FOUND). keyward looks the package up with
// require (createRequire), so hiding it from CommonJS resolution hides it from keyward.
const Module = require('node:module')

const resolve = Module._resolveFilename
const nowhere = {
  id: '/keyward-test-without-node-modules/index.js',
  filename: '/keyward-test-without-node-modules/index.js',
  paths: [],
}
Module._resolveFilename = function (request, parent, ...rest) {
  const hidden = request === '@opentelemetry/api' || request.startsWith('@opentelemetry/api/')
  return resolve.call(this, request, hidden ? nowhere : parent, ...rest)
}
