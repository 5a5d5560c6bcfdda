/**
 * The literal writers refuse what they cannot write exactly. (That every string they accept reaches
 * the server unchanged is tested against a real server in local-cluster.test.ts.)
 */
import { expect, it } from 'vitest'
import { sqlIdentifier, sqlInt, sqlString, sqlStringArray } from '../../src/clickhouse/sql-literal.js'

it('escapes quotes, backslashes and control characters', () => {
  expect(sqlString("it's a\\b")).toBe("'it\\'s a\\\\b'")
  expect(sqlString('a\u0000\n\u007f')).toBe("'a\\x00\\x0a\\x7f'")
  expect(sqlStringArray(['a', "b'"])).toBe("['a','b\\'']")
})

it('refuses a lone surrogate rather than let it become U+FFFD', () => {
  expect(() => sqlString('a\ud800')).toThrow(TypeError)
  expect(sqlString('\u{1F600}')).toBe("'\u{1F600}'")
})

it('writes only safe integers, and only plain identifiers', () => {
  expect(sqlInt(-12)).toBe('-12')
  for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
    expect(() => sqlInt(bad)).toThrow(TypeError)
  expect(sqlIdentifier('dmx_1', 'database')).toBe('dmx_1')
  for (const bad of ['', '1db', 'a b', 'a;DROP', 'a.b', '`x`'])
    expect(() => sqlIdentifier(bad, 'database')).toThrow(TypeError)
})
