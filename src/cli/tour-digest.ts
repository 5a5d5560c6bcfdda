/**
 * Short readable digests of API bodies for `domindex tour`: a few lines instead of whole records.
 */
import type { ErrorBody } from '../api/responses.js'
import type { PivotsResponse } from '../pivots/pivots.js'
import type { Observation, WhoisRecord } from '../types.js'
import { formatCount } from './format.js'

const SHOWN = 3
const PIVOTS_SHOWN = 8

/**
 * A few lines describing a response.
 *
 * @param status - the HTTP status
 * @param body - the body `request()` gave
 * @example
 * ```ts
 * digest(200, { page: 0, pages: 1, result_count: 2, results: [...] })
 * // ['200: 2 results on 1 page', '  acme.com  created 2020-01-02T03:04:05Z  Acme Holdings', ...]
 * ```
 */
export function digest(status: number, body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [`${status}: ${JSON.stringify(body)}`]
  if ('error' in body) {
    const { code, param, message } = (body as ErrorBody).error
    return [`${status}: ${code}${param === undefined ? '' : ` (param ${param})`}`, `  ${message}`]
  }
  if ('summary' in body) {
    const { other, values } = (body as { summary: { other: number; values: Record<string, number> } }).summary
    const lines = Object.entries(values).map(
      ([value, count]) => `  ${formatCount(count).padStart(6)}  ${clip(value)}`,
    )
    return [`${status}: summary of ${lines.length} values (${formatCount(other)} more in other)`, ...lines]
  }
  if ('pivots' in body) {
    const { pivots } = body as PivotsResponse
    const lines = pivots
      .slice(0, PIVOTS_SHOWN)
      .map(
        ({ kind, value, count }) => `  ${formatCount(count).padStart(6)}  ${kind.padEnd(12)} ${clip(value)}`,
      )
    return [`${status}: ${plural(pivots.length, 'pivot')}, rarest first`, ...lines]
  }
  if ('results' in body && 'result_count' in body && 'pages' in body) {
    const { results, result_count, pages } = body as {
      results: unknown[]
      result_count: number
      pages: number
    }
    const head = `${status}: ${plural(result_count, 'result')} on ${plural(pages, 'page')}`
    return [head, ...results.slice(0, SHOWN).map((r) => `  ${describe(r)}`)]
  }
  return [`${status}: ${describe(body)}`]
}

function describe(result: unknown): string {
  const value = result as Partial<Observation> & WhoisRecord
  if (Array.isArray(value.items)) {
    const apex = value.items[0]?.value ?? '?'
    const answers = value.items
      .filter(
        (item) =>
          !item.is_metadata && (item.type === 'host' || item.type === 'txt') && item.context !== 'dns-ns',
      )
      .map((item) => item.value)
    return clip(`${value.date} ${apex}: ${answers.join(', ')}`)
  }
  const name = value.domain?.name ?? value.query ?? '?'
  const created = value.domain?.created_norm ?? 'no creation date'
  const organization = value.registrant?.organization ?? ''
  const nameservers = value.domain?.nameservers?.join(' ') ?? ''
  return clip(`${name}  created ${created}  ${organization}  [${nameservers}]`)
}

function plural(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`
}

function clip(text: string): string {
  return text.length > 110 ? `${text.slice(0, 107)}...` : text
}
