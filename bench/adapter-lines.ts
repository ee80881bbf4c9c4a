/**
 * The code lines of each adapter: lines holding anything but comments and whitespace, as the
 * TypeScript scanner reads them (a `//` inside a string is code, a `*` inside a doc comment is not).
 *
 *   npx tsx bench/adapter-lines.ts
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const ADAPTERS = ['express', 'fastify', 'hono', 'koa', 'nestjs'] as const

/** The number of lines of `source` that hold code. */
export function codeLines(source: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source)
  const lines = new Set<number>()
  const file = ts.createSourceFile('adapter.ts', source, ts.ScriptTarget.Latest)
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line
  // Open braces since each template's `${`: its `}` goes on with the template, not the code.
  const templates: number[] = []
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.TemplateHead) templates.push(0)
    else if (token === ts.SyntaxKind.OpenBraceToken && templates.length > 0) templates[templates.length - 1]!++
    else if (token === ts.SyntaxKind.CloseBraceToken && templates.length > 0) {
      if (templates[templates.length - 1] === 0) {
        token = scanner.reScanTemplateToken(false)
        if (token === ts.SyntaxKind.TemplateTail) templates.pop()
      } else templates[templates.length - 1]!--
    }
    const start = lineOf(scanner.getTokenStart())
    const end = lineOf(scanner.getTokenEnd())
    for (let line = start; line <= end; line++) lines.add(line)
  }
  return lines.size
}

/** The code lines of `adapters/<name>.ts`. */
export function adapterLines(name: (typeof ADAPTERS)[number]): number {
  const path = fileURLToPath(new URL(`../adapters/${name}.ts`, import.meta.url))
  return codeLines(readFileSync(path, 'utf8'))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of ADAPTERS) console.log(`adapters/${name}.ts: ${adapterLines(name)} code lines`)
}
