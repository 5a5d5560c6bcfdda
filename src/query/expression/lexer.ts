/**
 * The tokenizer of DNS search expressions and filters (SPEC 6). It turns the text into lexemes:
 * terms `[context.]type:value` / `[context.]type=value`, the operators NOT, AND, OR (any case),
 * parentheses and, in filters, commas. Every lexeme keeps its 0-based position for error messages.
 *
 * Syntax of a term: the field is a run of letters, digits, `_`, `-` and `.`; its last `.` separates
 * the context from the type (`dns-mx.host`; `.host` names the empty context of metadata items).
 * The value is either bare, running to the next space, parenthesis or comma, or double-quoted, in
 * which `\"` stands for a quote and `\\` for a backslash (any other backslash is kept as written,
 * so TXT texts can be pasted unchanged). A word AND/OR/NOT followed by `:` or `=` is a field, not
 * an operator (`not:x` is a term of type `not`).
 */
import type { Term } from './ast.js'
import { syntaxError } from './syntax-error.js'

/** One lexeme. */
export type Lexeme =
  | { kind: 'term'; term: Term; position: number }
  | { kind: 'and' | 'or' | 'not' | 'open' | 'close' | 'comma' | 'end'; position: number }

/** Where the lexer runs: an `expression` (commas must be quoted) or a `filter` (commas separate terms). */
export type LexMode = 'expression' | 'filter'

const QUOTE = 34
const BACKSLASH = 92

/**
 * Splits expression or filter text into lexemes, ending with an `end` lexeme.
 *
 * @param text - the parameter text
 * @param mode - `expression` or `filter`
 * @param param - the parameter name for errors
 * @param label - how errors name the text
 * @throws QueryError invalid_parameter with the position of the first bad character
 * @example
 * ```ts
 * lex('NOT dns-mx.host=a.com', 'expression', 'expression', 'expression').map((l) => l.kind)
 * // ['not', 'term', 'end']
 * ```
 */
export function lex(text: string, mode: LexMode, param: string, label: string): Lexeme[] {
  const out: Lexeme[] = []
  const fail = (position: number, problem: string) => syntaxError(param, label, text, position, problem)
  const n = text.length
  let i = 0
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++
    if (i === n) break
    const c = text.charCodeAt(i)
    if (c === 40) out.push({ kind: 'open', position: i++ })
    else if (c === 41) out.push({ kind: 'close', position: i++ })
    else if (c === 44) {
      if (mode === 'expression') throw fail(i, "unexpected ','; double-quote values holding commas")
      out.push({ kind: 'comma', position: i++ })
    } else if (isFieldChar(c)) {
      const start = i
      while (i < n && isFieldChar(text.charCodeAt(i))) i++
      const word = text.slice(start, i)
      const next = i < n ? text.charCodeAt(i) : -1
      if (next === 58 || next === 61) {
        const term = readTerm(text, start, word, i, fail)
        out.push({ kind: 'term', term: term.term, position: start })
        i = term.end
        continue
      }
      const lower = word.toLowerCase()
      if ((lower === 'and' || lower === 'or' || lower === 'not') && isDelimiter(next)) {
        out.push({ kind: lower, position: start })
        continue
      }
      throw fail(start, `expected a term type:value or type=value (or AND, OR, NOT), found ${quote(word)}`)
    } else if (c === QUOTE) {
      throw fail(i, 'a quoted value must follow type: or type=')
    } else {
      throw fail(i, `unexpected character ${quote(text[i] ?? '')}; a term is type:value or type=value`)
    }
  }
  out.push({ kind: 'end', position: n })
  return out
}

function readTerm(
  text: string,
  start: number,
  field: string,
  opAt: number,
  fail: (position: number, problem: string) => Error,
): { term: Term; end: number } {
  const dot = field.lastIndexOf('.')
  const type = field.slice(dot + 1)
  if (type.length === 0) throw fail(start + field.length, `missing type after the context in ${quote(field)}`)
  const operator = text.charCodeAt(opAt) === 58 ? ':' : '='
  const n = text.length
  let i = opAt + 1
  let value: string
  if (i < n && text.charCodeAt(i) === QUOTE) {
    const open = i
    let buf = ''
    let from = ++i
    for (;;) {
      if (i >= n) throw fail(open, 'unterminated quoted value (no closing ")')
      const c = text.charCodeAt(i)
      if (c === QUOTE) break
      if (c === BACKSLASH && i + 1 < n) {
        const e = text.charCodeAt(i + 1)
        if (e === QUOTE || e === BACKSLASH) {
          buf += text.slice(from, i)
          from = i + 1
          i += 2
          continue
        }
      }
      i++
    }
    value = buf + text.slice(from, i)
    i++
    if (!isDelimiter(i < n ? text.charCodeAt(i) : -1)) {
      throw fail(i, 'expected a space, a parenthesis or the end after a quoted value')
    }
  } else {
    while (i < n && !isDelimiter(text.charCodeAt(i)) && text.charCodeAt(i) !== QUOTE) i++
    if (i < n && text.charCodeAt(i) === QUOTE) {
      throw fail(i, 'a quote inside a value; double-quote the whole value')
    }
    if (i === opAt + 1) throw fail(i, `missing value after ${quote(`${field}${operator}`)}`)
    value = text.slice(opAt + 1, i)
  }
  const context = dot < 0 ? null : field.slice(0, dot)
  return { term: { kind: 'term', context, type, operator, value, position: start }, end: i }
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13)
}

function isFieldChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 95
  )
}

// The characters that may follow a value or an operator word: a space, a parenthesis, the end, and a
// comma (in a filter it separates terms; in an expression the main loop reports it).
function isDelimiter(c: number): boolean {
  return c < 0 || isSpace(c) || c === 40 || c === 41 || c === 44
}

function quote(s: string): string {
  return `'${s.length > 30 ? `${s.slice(0, 27)}...` : s}'`
}
