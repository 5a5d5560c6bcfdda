/**
 * Validation of spelling-variant parameters (SPEC 14): `kind` (one of the kinds with variants),
 * `text` (not blank) and `limit` (1 to 100, default 10).
 */
import { QueryError, showValue } from '../errors.js'
import { SUGGEST_KINDS, type SuggestKind } from '../pivots/suggest-kinds.js'
import type { Params } from '../types.js'
import { checkKnown, readInt, readText } from './params.js'

const KNOWN = new Set(['kind', 'text', 'limit'])

/** The default and the largest number of suggestions. */
export const SUGGEST_LIMITS = { default: 10, max: 100 } as const

/** Parameters of `suggest()` (SPEC 14). */
export type SuggestParams = {
  readonly kind: string
  readonly text: string
  readonly limit?: number | string | undefined
}

/** A validated spelling-variant query. */
export interface SuggestQuery {
  readonly kind: SuggestKind
  readonly text: string
  readonly limit: number
}

/**
 * Validates `suggest()` parameters.
 *
 * @example
 * ```ts
 * parseSuggestParams({ kind: 'organization', text: 'acme hold' }) // { kind: 'organization', text: 'acme hold', limit: 10 }
 * ```
 */
export function parseSuggestParams(params: Params): SuggestQuery {
  checkKnown(params, KNOWN)
  const kind = readText(params, 'kind')
  if (kind === undefined) throw new QueryError('missing_parameter', 'kind', 'kind is required')
  if (!(SUGGEST_KINDS as readonly string[]).includes(kind)) {
    throw new QueryError(
      'invalid_parameter',
      'kind',
      `kind must be one of ${SUGGEST_KINDS.join(', ')}, got ${showValue(kind)}`,
    )
  }
  const text = readText(params, 'text')
  if (text === undefined) throw new QueryError('missing_parameter', 'text', 'text is required')
  const limit = readInt(params, 'limit', 1, SUGGEST_LIMITS.max) ?? SUGGEST_LIMITS.default
  return { kind: kind as SuggestKind, text, limit }
}
