/**
 * `keyward scanning pattern`: what a secret scanner (GitHub's partner program first) needs to find
 * the service's keys: the regular expression, how the checksum rules out look-alikes, and sample
 * tokens that match it. The samples are well formed but belong to no store: reported back, each
 * is answered as a false positive.
 */
import { generateKey, KEY_CHECKSUM_LENGTH, keyPattern } from '../../core/key-format.js'
import { positiveInteger, stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { EXIT } from '../exit-status.js'
import { keyPrefixOf } from './key-options.js'
import { lines } from '../output.js'

const DEFAULT_COUNT = 3
const MAX_COUNT = 100

export const scanningPattern: CommandSpec = {
  name: 'scanning pattern',
  summary: 'print the regular expression and sample tokens to enrol with a secret scanner',
  usage: 'scanning pattern [--key-prefix <key-prefix>] [--count <n>] [options]',
  description: [
    "Prints what GitHub's secret scanning partner program (or any scanner) asks for when you enrol:\nthe regular expression of your keys, a note on their checksum, and sample tokens of each key type.\nThe samples are well formed and stored nowhere, so the endpoint answers them as false positives;\nfor an end-to-end check, create a real test key and revoke it afterwards.",
    'With --json, prints { "secretType", "pattern", "checksum", "samples": { "live", "test" } }.',
  ],
  positionals: [],
  options: {
    'key-prefix': {
      type: 'string',
      value: '<key-prefix>',
      description: "the service's key prefix: acme in acme_live_… (default:\n$KEYWARD_KEY_PREFIX, else svc)",
    },
    count: {
      type: 'string',
      value: '<n>',
      description: `sample tokens of each key type, 1 to ${MAX_COUNT} (default ${DEFAULT_COUNT})`,
    },
  },
  environment: [['KEYWARD_KEY_PREFIX', 'the key prefix when --key-prefix is not given (default svc)']],
  exitStatuses: [EXIT.ok, EXIT.internal, EXIT.usage],
  examples: ['keyward scanning pattern --key-prefix acme', 'keyward scanning pattern --count 10 --json'],
  async run({ values, env }) {
    const { keyPrefix } = keyPrefixOf({ values, env })
    const countText = stringOption(values, 'count')
    const count = countText === undefined ? DEFAULT_COUNT : positiveInteger(countText, 'count', MAX_COUNT)
    const pattern = keyPattern(keyPrefix).source
    const checksum = `The last ${KEY_CHECKSUM_LENGTH} characters are the CRC-32 (as zlib's crc32) of everything before them, in base62 (0-9A-Za-z), most significant digit first, padded with 0.`
    const samples = {
      live: Array.from({ length: count }, () => generateKey('live', keyPrefix)),
      test: Array.from({ length: count }, () => generateKey('test', keyPrefix)),
    }
    const secretType = `${keyPrefix}_api_key`
    const text = lines(
      `Secret type:        ${secretType}`,
      `Regular expression: ${pattern}`,
      `Checksum:           ${checksum}`,
      '',
      'Sample tokens (well formed, stored nowhere):',
      ...samples.live.map((sample) => `  ${sample}`),
      ...samples.test.map((sample) => `  ${sample}`),
    )
    return { json: { secretType, pattern, checksum, samples }, text }
  },
}
