/**
 * The QueryError a call throws, for tests that look at its code, parameter and message.
 */
import { QueryError } from '../../src/errors.js'

/**
 * Runs `run` and returns the QueryError it throws; anything else thrown is rethrown, and no throw
 * at all fails.
 *
 * @param run - the call expected to throw
 * @example
 * ```ts
 * queryError(() => engine.reverse({ slop: 'x' })).param // 'slop'
 * ```
 */
export function queryError(run: () => unknown): QueryError {
  try {
    run()
  } catch (error) {
    if (error instanceof QueryError) return error
    throw error
  }
  throw new Error('expected a QueryError')
}
