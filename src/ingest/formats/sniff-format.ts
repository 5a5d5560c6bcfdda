/**
 * Sniffs an input file's format (SPEC 13) for sources that do not name one, from the file's first
 * 64 KiB (gunzipped when gzip): its first records that parse as objects are looked at, so a broken
 * or uninformative first line (an error object) does not decide; when no record is whole within
 * them (one huge search result), the member names written there decide. A WHOIS file is `csv` when
 * it starts with a header naming a domain column, `rdap` when one of its first records is an RDAP
 * domain object or search result, else `json`; a DNS file is `dns-records` when its first telling
 * record has `name`, `type` and `value`, `zdns` when it has `name` and the scanner's `status`,
 * `data` or `results`, `zone` when it is no JSON and its first line that is neither blank nor a `;`
 * comment is a `$ORIGIN`, `$TTL`, `$INCLUDE` or `$GENERATE` directive or reads as a resource record
 * `owner [ttl] [class] TYPE …` of a known type (or has no such line but comments, as a `dig` answer
 * with no records), else `json`. A file that cannot be read is `json`: its load reports why.
 */
import { open } from 'node:fs/promises'
import { constants, gunzipSync } from 'node:zlib'
import type { SourceFormat } from '../../types.js'
import { ValueSplitter } from '../value-splitter.js'
import { looksLikeWhoisCsvHeader } from './csv-whois.js'
import { isRdapDomain, rdapSearchResults } from './rdap.js'

const HEAD_BYTES = 64 * 1024
/** Records of the head looked at: a first record that does not tell (an error object) is passed over. */
const SNIFF_RECORDS = 20

/**
 * The format the first bytes of a file show.
 *
 * @param head - the file's first bytes, gunzipped
 * @param kind - what the source list holds
 * @example
 * ```ts
 * formatOf(Buffer.from('{"name":"a.com","type":"MX","value":"10 mx.a.com","date":"2024-01-02"}\n'), 'dns') // 'dns-records'
 * ```
 */
export function formatOf(head: Buffer, kind: 'whois' | 'dns'): SourceFormat {
  const text = head.toString('utf8').replace(/^\uFEFF/, '')
  const start = text.search(/\S/)
  if (start < 0) return 'json'
  if (text[start] !== '{' && text[start] !== '[') {
    if (kind === 'dns') return looksLikeZone(text.slice(start)) ? 'zone' : 'json'
    const newline = text.indexOf('\n', start)
    const firstLine = text.slice(start, newline < 0 ? text.length : newline)
    return looksLikeWhoisCsvHeader(firstLine) ? 'csv' : 'json'
  }
  const records = firstRecords(head)
  if (records.length === 0) return byMemberNames(text, kind)
  if (kind === 'whois') {
    return records.some((r) => isRdapDomain(r) || rdapSearchResults(r) !== undefined) ? 'rdap' : 'json'
  }
  for (const r of records) {
    if ('items' in r) return 'json'
    if ('name' in r && 'type' in r && 'value' in r) return 'dns-records'
    if ('name' in r && ('status' in r || 'data' in r || 'results' in r)) return 'zdns'
  }
  return 'json'
}

// Record types a first record line may have: those zone files, dig and massdns show most.
const ZONE_RECORD =
  /^\S+(?:\s+(?:\d+[wdhms\d]*|IN|CH|HS|CS|CLASS\d+)){0,2}\s+(?:A|AAAA|NS|MX|TXT|SOA|CNAME|PTR|SRV|CAA|DS|DNSKEY|RRSIG|NSEC|NSEC3|NSEC3PARAM|TLSA|SSHFP|HINFO|NAPTR|SPF|SVCB|HTTPS|DNAME|LOC|CDS|CDNSKEY|ZONEMD|TYPE\d+)(?:\s|$)/i
const ZONE_DIRECTIVE = /^\$(?:ORIGIN|TTL|INCLUDE|GENERATE)\s/i

/** Whether text (from its first significant character) is DNS presentation format. */
function looksLikeZone(text: string): boolean {
  let comments = false
  for (const line of text.split('\n', SNIFF_RECORDS)) {
    const content = line.trim()
    if (content === '') continue
    if (content.startsWith(';')) comments = true
    else return ZONE_DIRECTIVE.test(`${content} `) || ZONE_RECORD.test(content)
  }
  return comments
}

// No whole record in the head: the names of the members written there tell the layouts apart.
function byMemberNames(text: string, kind: 'whois' | 'dns'): SourceFormat {
  const has = (name: string) => text.includes(`"${name}"`)
  if (kind === 'whois') return has('domainSearchResults') || has('ldhName') ? 'rdap' : 'json'
  if (has('items')) return 'json'
  if (has('answers') || has('exchanges')) return 'zdns'
  return has('name') && has('type') && has('value') ? 'dns-records' : 'json'
}

/**
 * The first records of the head: its lines that parse as objects (JSON Lines), else its values
 * that do (an array's elements count); at most {@link SNIFF_RECORDS}.
 */
function firstRecords(head: Buffer): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = []
  const keep = (text: string): void => {
    const value = records.length < SNIFF_RECORDS ? objectOf(text) : undefined
    if (value !== undefined) records.push(value)
  }
  for (const line of head.toString('utf8').split('\n', SNIFF_RECORDS)) keep(line)
  if (records.length === 0) new ValueSplitter(keep, () => undefined).push(head)
  return records
}

function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    // A broken line, or a value cut by the end of the head: the next one may tell.
    return undefined
  }
}

/**
 * A file's first 64 KiB (inflated, for a gzip file), or undefined when it cannot be read.
 *
 * @example
 * ```ts
 * await readFileHead('whois.jsonl.gz') // the start of the uncompressed text
 * ```
 */
export async function readFileHead(path: string): Promise<Buffer | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  try {
    handle = await open(path, 'r')
    const bytes = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await handle.read(bytes, 0, HEAD_BYTES, 0)
    const head = bytes.subarray(0, bytesRead)
    if (head[0] !== 0x1f || head[1] !== 0x8b) return head
    // The start of a gzip stream: inflate what is there without asking for its end.
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH })
  } catch {
    return undefined
  } finally {
    await handle?.close()
  }
}
