/**
 * The one error of the expression and filter syntax: an `invalid_parameter` QueryError that names
 * the parameter, the problem, the 0-based position of the offending character and the text around it.
 */
import { QueryError, showValue } from '../../errors.js'

/**
 * Builds the QueryError of a syntax error.
 *
 * @param param - the parameter at fault (`expression` or `filter`)
 * @param label - how the message names the text (`expression`, `filter #2`)
 * @param text - the whole parameter text
 * @param position - the 0-based position of the offending character (text.length at the end)
 * @param problem - what is wrong and what is accepted there
 * @example
 * ```ts
 * syntaxError('expression', 'expression', '(txt:a', 6, "missing ')' to close '(' at 0").message
 * // 'domindex: expression: missing \')\' to close \'(\' at 0, at position 6 (end of text) in "(txt:a"'
 * ```
 */
export function syntaxError(
  param: string,
  label: string,
  text: string,
  position: number,
  problem: string,
): QueryError {
  const at =
    position >= text.length ? 'end of text' : `near ${showValue(text.slice(position, position + 20))}`
  return new QueryError(
    'invalid_parameter',
    param,
    `${label}: ${problem}, at position ${position} (${at}) in ${showValue(text)}`,
  )
}
