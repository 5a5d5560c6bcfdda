/**
 * From what a file's splitter yields to the API's own record shape, by the source's format
 * (SPEC 13): RDAP domain objects (also inside a search result's `domainSearchResults`) and CSV rows
 * become WHOIS records; `json` records pass unchanged. A value that cannot be mapped is a reject
 * at its line. DNS record formats are grouped across files instead (dns-sources.ts).
 */
import type { SourceFormat } from '../../types.js'
import type { RecordSink } from '../load-file.js'
import { csvRowToWhois } from './csv-whois.js'
import { rdapSearchResults, rdapToWhois } from './rdap.js'

/** The formats whose records map one to one: every WHOIS format, and the API's own observations. */
export type RecordFormat = Extract<SourceFormat, 'json' | 'rdap' | 'csv'>

/**
 * Whether a format's records map one to one (else they are DNS records to group).
 *
 * @example
 * ```ts
 * isRecordFormat('rdap')        // true
 * isRecordFormat('dns-records') // false
 * ```
 */
export function isRecordFormat(format: SourceFormat): format is RecordFormat {
  return format === 'json' || format === 'rdap' || format === 'csv'
}

/**
 * A sink that maps each value of a file of `format` and hands the record on.
 *
 * @param format - the source's format
 * @param sink - receives each mapped record
 * @param reject - receives what cannot be mapped, at its line
 * @example
 * ```ts
 * const rdap = recordSink('rdap', store, reject)
 * rdap({ objectClassName: 'domain', ldhName: 'A.EXAMPLE' }, 1, '') // store({ query: 'a.example', domain: { name: 'a.example' } }, 1, '')
 * ```
 */
export function recordSink(
  format: RecordFormat,
  sink: RecordSink,
  reject: (line: number, reason: string) => void,
): RecordSink {
  if (format === 'json') return sink
  const map =
    format === 'csv' ? (value: unknown) => csvRowToWhois(value as Record<string, string>) : rdapToWhois
  const one: RecordSink = (value, line, where) => {
    const record = map(value)
    if (typeof record === 'string') reject(line, where === '' ? record : `${where}: ${record}`)
    else sink(record, line, where)
  }
  if (format === 'csv') return one
  return (value, line, where) => {
    const results = rdapSearchResults(value)
    if (results === undefined) one(value, line, where)
    else for (let i = 0; i < results.length; i++) one(results[i], line, `${where}domainSearchResults[${i}]`)
  }
}
