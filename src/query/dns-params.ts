/**
 * PLACEHOLDER (replaced by the DNS-search work): validation of MX and TXT search parameters.
 */
import type { DnsKind, Params } from '../types.js'
import { checkKnown, readPage } from './params.js'

/** A validated MX or TXT query. */
export interface DnsQuery {
  kind: DnsKind
  page: number
}

/** Validates MX or TXT parameters. */
export function parseDnsParams(kind: DnsKind, params: Params): DnsQuery {
  checkKnown(params, new Set(['page']))
  return { kind, page: readPage(params) }
}
