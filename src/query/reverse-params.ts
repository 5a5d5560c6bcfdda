/**
 * PLACEHOLDER (replaced by the reverse-search work): validation of reverse-search parameters.
 */
import type { Params } from '../types.js'
import { checkKnown, readPage } from './params.js'

/** A validated reverse-search query. */
export interface ReverseQuery {
  page: number
}

/** Validates reverse-search parameters. */
export function parseReverseParams(params: Params): ReverseQuery {
  checkKnown(params, new Set(['page']))
  return { page: readPage(params) }
}
