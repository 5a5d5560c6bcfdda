import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { QueryError } from '../../src/errors.js'
import type { Expr } from '../../src/query/expression/ast.js'
import {
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_LENGTH,
  parseExpression,
  parseFilter,
} from '../../src/query/expression/parser.js'

/** A compact rendering of a tree: terms as field op value, operators in prefix form. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'term':
      return `${e.context === null ? '' : `${e.context}.`}${e.type}${e.operator}${e.value}`
    case 'not':
      return `not(${show(e.operand)})`
    case 'and':
    case 'or':
      return `${e.kind}(${e.operands.map(show).join(' ')})`
  }
}

function syntaxError(run: () => unknown): QueryError {
  try {
    run()
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError)
    return e as QueryError
  }
  throw new Error('expected a QueryError')
}

describe('parseExpression', () => {
  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(show(parseExpression('a:1 OR b:2 AND NOT c:3'))).toBe('or(a:1 and(b:2 not(c:3)))')
    expect(show(parseExpression('NOT a:1 AND b:2'))).toBe('and(not(a:1) b:2)')
    expect(show(parseExpression('a:1 AND b:2 OR c:3 AND d:4'))).toBe('or(and(a:1 b:2) and(c:3 d:4))')
  })

  it('AND-s adjacent operands and accepts operators in any case', () => {
    expect(show(parseExpression('a:1 b:2 or c:3'))).toBe('or(and(a:1 b:2) c:3)')
    expect(show(parseExpression('a:1 not b:2 (c:3 Or d:4)'))).toBe('and(a:1 not(b:2) or(c:3 d:4))')
  })

  it('lets parentheses override precedence, nested', () => {
    expect(show(parseExpression('(a:1 OR b:2) AND c:3'))).toBe('and(or(a:1 b:2) c:3)')
    expect(show(parseExpression('NOT (a:1 OR (b:2 AND NOT (c:3)))'))).toBe('not(or(a:1 and(b:2 not(c:3))))')
    expect(show(parseExpression('((a:1))'))).toBe('a:1')
  })

  it('reads contexts, exact terms and words that look like operators', () => {
    const e = parseExpression('dns-mx.host=MX.Example.com .host:a.com not:x and=y')
    expect(show(e)).toBe('and(dns-mx.host=MX.Example.com .host:a.com not:x and=y)')
    expect(parseExpression('a.b.txt:v')).toMatchObject({
      context: 'a.b',
      type: 'txt',
      value: 'v',
      position: 0,
    })
  })

  it('reads quoted values with spaces, commas, parentheses and escapes', () => {
    expect(parseExpression('txt:"v=spf1 include:_spf.google.com ~all"')).toMatchObject({
      value: 'v=spf1 include:_spf.google.com ~all',
    })
    expect(parseExpression('txt="a, (b)"')).toMatchObject({ operator: '=', value: 'a, (b)' })
    expect(parseExpression('txt="say \\"hi\\" \\\\ ok"')).toMatchObject({ value: 'say "hi" \\ ok' })
    expect(parseExpression('txt="C:\\dir"')).toMatchObject({ value: 'C:\\dir' })
    expect(parseExpression('txt=""')).toMatchObject({ value: '' })
    expect(show(parseExpression('(txt:"a b")OR(txt:c)'))).toBe('or(txt:a b txt:c)')
  })

  it('keeps bare values with = and : inside', () => {
    expect(parseExpression('txt:v=spf1')).toMatchObject({ type: 'txt', operator: ':', value: 'v=spf1' })
    expect(parseExpression('txt=a:b=c')).toMatchObject({ operator: '=', value: 'a:b=c' })
  })

  it.each([
    ['', 0, 'empty expression'],
    ['   ', 0, 'empty expression'],
    ['(txt:a', 6, "missing ')' to close the '(' at position 0"],
    ['txt:a)', 5, "unmatched ')'"],
    ['txt:a AND', 9, "expected a term, NOT or '('"],
    ['OR txt:a', 0, "expected a term, NOT or '('"],
    ['txt:a AND OR txt:b', 10, "expected a term, NOT or '('"],
    ['txt:', 4, "missing value after 'txt:'"],
    ['txt: a', 4, "missing value after 'txt:'"],
    ['txt:"abc', 4, 'unterminated quoted value'],
    ['txt:"a"b', 7, 'after a quoted value'],
    ['txt:a"b"', 5, 'a quote inside a value'],
    ['spf1', 0, "found 'spf1'"],
    ['txt:a, txt:b', 5, "unexpected ','"],
    ['dns-mx.:a', 7, 'missing type'],
    ['txt:a & txt:b', 6, "unexpected character '&'"],
    ['"txt":a', 0, 'a quoted value must follow'],
    ['()', 1, "expected a term, NOT or '('"],
    ['NOT', 3, "expected a term, NOT or '('"],
  ])('rejects %j at position %i', (text, position, problem) => {
    const e = syntaxError(() => parseExpression(text))
    expect(e.code).toBe('invalid_parameter')
    expect(e.param).toBe('expression')
    expect(e.message).toContain(problem)
    expect(e.message).toContain(`at position ${position} `)
  })

  it('refuses nesting deeper than the limit with a clear error, not a stack overflow', () => {
    const ok = `${'('.repeat(MAX_EXPRESSION_DEPTH - 1)}txt:a${')'.repeat(MAX_EXPRESSION_DEPTH - 1)}`
    expect(parseExpression(ok)).toMatchObject({ kind: 'term' })
    const deep = `${'('.repeat(4000)}txt:a${')'.repeat(4000)}`
    expect(syntaxError(() => parseExpression(deep)).message).toContain(
      `nested deeper than ${MAX_EXPRESSION_DEPTH}`,
    )
    expect(syntaxError(() => parseExpression(`${'NOT '.repeat(1000)}txt:a`)).message).toContain(
      'nested deeper',
    )
  })

  it('refuses texts longer than the limit', () => {
    const long = 'txt:a '.repeat(MAX_EXPRESSION_LENGTH / 4)
    expect(syntaxError(() => parseExpression(long)).message).toContain(`longer than ${MAX_EXPRESSION_LENGTH}`)
    expect(syntaxError(() => parseFilter(long)).param).toBe('filter')
  })

  it('returns a tree or throws a QueryError for any string', () => {
    const alphabet = fc.constantFrom(
      '(',
      ')',
      '"',
      '\\',
      ',',
      ' ',
      ':',
      '=',
      '.',
      'a',
      'txt',
      'host',
      'NOT',
      'and',
      'Or',
      '-',
      'é',
      '\u0000',
      '\n',
    )
    const texts = fc.oneof(
      fc.string(),
      fc.string({ unit: alphabet, maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
    )
    fc.assert(
      fc.property(texts, (text) => {
        for (const parse of [() => parseExpression(text), () => parseFilter(text)]) {
          try {
            parse()
          } catch (e) {
            if (!(e instanceof QueryError) || e.code !== 'invalid_parameter') throw e
            expect(e.message).toMatch(/at position \d+ /)
          }
        }
      }),
      { seed: 4242, numRuns: 3000 },
    )
  })
})

describe('parseFilter', () => {
  it('splits on commas outside double quotes', () => {
    const terms = parseFilter('dns-mx.host=mx.a.com, txt:"a, b",mx-preference=10')
    expect(terms.map((t) => [t.context, t.type, t.operator, t.value, t.position])).toEqual([
      ['dns-mx', 'host', '=', 'mx.a.com', 0],
      [null, 'txt', ':', 'a, b', 22],
      [null, 'mx-preference', '=', '10', 33],
    ])
  })

  it.each([
    ['txt:a,', 6, 'expected a term'],
    [',txt:a', 0, 'expected a term'],
    ['txt:a,,txt:b', 6, 'expected a term'],
    ['txt:a txt:b', 6, "expected ',' or the end"],
    ['txt:a OR txt:b', 6, 'belong in expression'],
    ['(txt:a)', 0, 'expected a term'],
  ])('rejects %j at position %i', (text, position, problem) => {
    const e = syntaxError(() => parseFilter(text, 'filter #2'))
    expect(e.param).toBe('filter')
    expect(e.message).toContain('filter #2')
    expect(e.message).toContain(problem)
    expect(e.message).toContain(`at position ${position} `)
  })
})
