/**
 * What a user of keyward/client reads never cites a document id (A6): not the messages of its
 * errors, not the JSDoc their editor shows for what the package exports.
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { CLIENT_MESSAGES } from '../../src/client/messages.js'

/** Document names and rule ids such as K1, H10, L4a. */
const DOCUMENT_ID = /CONTRACT|SEED|\b[KHRLEPAOSUT][0-9]+[a-z]?\b|§/

const ENTRY = fileURLToPath(new URL('../../src/client/index.ts', import.meta.url))

/**
 * The documentation an editor shows for each export of keyward/client and each of their members:
 * [name, text of the JSDoc comment and its tags].
 */
function exportedDocumentation(): [string, string][] {
  const program = ts.createProgram([ENTRY], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  const docs: [string, string][] = []
  const describe = (name: string, symbol: ts.Symbol) => {
    const tags = symbol.getJsDocTags(checker).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`)
    docs.push([name, [ts.displayPartsToString(symbol.getDocumentationComment(checker)), ...tags].join('\n')])
  }
  const entry = checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!)!
  for (const exported of checker.getExportsOfModule(entry)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    describe(exported.name, symbol)
    const declaration = symbol.declarations?.[0]
    if (declaration === undefined) continue
    if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
      const instance = checker.getDeclaredTypeOfSymbol(symbol)
      for (const member of checker.getPropertiesOfType(instance)) describe(`${exported.name}.${member.name}`, member)
    }
    if (symbol.flags & ts.SymbolFlags.Class) {
      const classType = checker.getTypeOfSymbolAtLocation(symbol, declaration)
      for (const member of checker.getPropertiesOfType(classType)) describe(`${exported.name}.${member.name}`, member)
    }
  }
  return docs
}

describe('keyward/client cites no document id (A6)', () => {
  it('in any message text', () => {
    for (const [name, message] of Object.entries(CLIENT_MESSAGES)) {
      const args =
        name === 'unknownOption'
          ? [['timeout']]
          : name === 'apiKeyMalformed'
            ? ['prefix', 'svc', null]
            : ['GET /api/v1/orders to https://api.example.com', 'svc', 'acme']
      const text = (message as (...values: unknown[]) => string)(...args)
      expect(text, name).not.toMatch(DOCUMENT_ID)
    }
  })

  it('in the JSDoc of its exported functions, types, classes and their members, as an editor shows it', {
    timeout: 60_000,
  }, () => {
    const docs = exportedDocumentation()
    const names = docs.map(([name]) => name)
    for (const name of [
      'createClient',
      'ClientOptions.keyPrefix',
      'KeywardClient.request',
      'KeywardClient.authTest',
      'KeywardApiError.requestId',
    ]) {
      expect(names).toContain(name)
    }
    const cited = docs
      .filter(([, text]) => DOCUMENT_ID.test(text))
      .map(([name, text]) => `${name}: ${text.match(DOCUMENT_ID)![0]}`)
    expect(cited).toEqual([])
  })
})
