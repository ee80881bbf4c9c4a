// `express4` is an npm alias of express@4 (no types of its own); its API is the one the adapter uses.
declare module 'express4' {
  import express from 'express'
  export default express
}
