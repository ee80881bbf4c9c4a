/**
 * Prints, as one JSON line, `hashKey()` of each key in argv[2] (a JSON list) without a pepper, with
 * the text pepper argv[3], and with its UTF-8 bytes: run by key-hash.test.ts in Bun and Deno.
 */
import { hashKey } from '../../src/core/key-format.js'

const keys = JSON.parse(process.argv[2]!) as string[]
const pepper = process.argv[3]!
const bytes = new TextEncoder().encode(pepper)
console.log(JSON.stringify(keys.map((key) => [hashKey(key), hashKey(key, pepper), hashKey(key, bytes)])))
