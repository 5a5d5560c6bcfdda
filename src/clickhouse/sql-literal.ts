/**
 * The one place where values become SQL text. Every string that reaches a ClickHouse query goes
 * through {@link sqlString}; every number through {@link sqlInt}. Query compilers never splice a
 * value into SQL any other way, so no parameter can change a query's meaning.
 */

/**
 * Quotes a string as a ClickHouse string literal.
 *
 * Inside single quotes ClickHouse reads backslash escapes, so `\` and `'` are escaped, and every
 * control character (C0 and DEL) is written as `\xHH` so that the SQL text stays one printable line.
 * The text must be well-formed UTF-16: a lone surrogate has no UTF-8 form and would reach the
 * server as U+FFFD, silently changing the value, so it throws instead (the compilers send raw
 * stored text through `sortableText`, which is always well-formed).
 *
 * @param value - any well-formed string
 * @returns the literal, quotes included
 * @example
 * ```ts
 * sqlString("it's a\\b") // "'it\\'s a\\\\b'"
 * ```
 */
export function sqlString(value: string): string {
  if (typeof value !== 'string' || LONE_SURROGATE.test(value)) {
    throw new TypeError(`domindex: sqlString needs a well-formed string, got ${JSON.stringify(value)}`)
  }
  return `'${value.replace(UNSAFE, escapeChar)}'`
}

/**
 * Writes a safe integer as SQL text.
 *
 * @param value - an integer within ±(2^53 − 1)
 * @returns its decimal text
 * @example
 * ```ts
 * sqlInt(-3) // '-3'
 * ```
 */
export function sqlInt(value: number): string {
  if (!Number.isSafeInteger(value)) {
    throw new TypeError(`domindex: sqlInt needs a safe integer, got ${String(value)}`)
  }
  return String(value)
}

/**
 * Writes a list of strings as a ClickHouse array literal, each element through {@link sqlString}.
 *
 * @param values - the elements
 * @example
 * ```ts
 * sqlStringArray(['a', "b'c"]) // "['a','b\\'c']"
 * ```
 */
export function sqlStringArray(values: readonly string[]): string {
  return `[${values.map(sqlString).join(',')}]`
}

const UNSAFE = /[\\'\x00-\x1f\x7f]/g
// With the `u` flag a surrogate pair is one code point, so this class matches only unpaired halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

function escapeChar(c: string): string {
  if (c === '\\' || c === "'") return `\\${c}`
  return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
}

/**
 * Checks a database, table or cluster name: letters, digits and `_`, not starting with a digit, as
 * ClickHouse accepts unquoted. Names come from the caller's options, never from query parameters.
 *
 * @param name - the identifier
 * @param what - what it names, for the error message
 * @returns the name, unchanged
 * @example
 * ```ts
 * sqlIdentifier('dmx', 'database') // 'dmx'
 * ```
 */
export function sqlIdentifier(name: string, what: string): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
    throw new TypeError(
      `domindex: ${what} must be letters, digits and _ (not starting with a digit), got ${JSON.stringify(name)}`,
    )
  }
  return name
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/
