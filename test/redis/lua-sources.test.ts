/**
 * The Lua of the Redis stores stays readable (P1): each source under src/stores/redis/scripts/ is at most
 * ~250 lines, the scripts as sent being the limit library joined with a script's own part.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const DIR = 'src/stores/redis/scripts'
const MAX_LINES = 250

describe('the Lua sources', () => {
  it('P1: no source file of the scripts is over 250 lines', () => {
    const sizes = readdirSync(DIR)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => ({ name, lines: readFileSync(`${DIR}/${name}`, 'utf8').split('\n').length }))
    expect(sizes.filter((file) => file.lines > MAX_LINES)).toEqual([])
  })
})
