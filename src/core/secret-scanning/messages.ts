/** What the secret scanning endpoint answers GitHub (or anyone else) when it refuses a report. */
export const SECRET_SCANNING_MESSAGES = {
  unsigned: () =>
    'Secret scanning report refused: send exactly one Github-Public-Key-Identifier and one Github-Public-Key-Signature header.',
  badSignature: () =>
    'Secret scanning report refused: Github-Public-Key-Signature does not verify with the key named by Github-Public-Key-Identifier.',
  keysUnavailable: (retryAfter: number) =>
    `Secret scanning report not checked: GitHub's public keys cannot be fetched now. Send it again in ${retryAfter} seconds.`,
  tooLarge: (maxBytes: number) => `The request body is larger than ${maxBytes} bytes.`,
  notJson: () => 'Invalid request: the body must be a JSON array of { token, type, url, source }.',
  badItem: (index: number, field: string, rule: string) =>
    `Invalid request: item ${index} of the body: "${field}" ${rule}.`,
} as const
