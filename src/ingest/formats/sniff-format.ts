/**
 * Sniffs an input file's format (SPEC 13) from its first record, for sources that do not name one:
 * the file's first 64 KiB (gunzipped when gzip) are split like any input and the first value is
 * looked at. A WHOIS file is `csv` when it starts with a header naming a domain column, `rdap` when
 * its first record is an RDAP domain object or search result, else `json`; a DNS file is
 * `dns-records` when its first record has `name`, `type` and `value`, `zdns` when it has `name`
 * and the scanner's `status`, `data` or `results`, else `json`. A file that cannot be read is
 * `json`: its load reports why.
 */
import { open } from 'node:fs/promises'
import { constants, gunzipSync } from 'node:zlib'
import type { SourceFormat } from '../../types.js'
import { ValueSplitter } from '../value-splitter.js'
import { looksLikeWhoisCsvHeader } from './csv-whois.js'
import { isRdapDomain, rdapSearchResults } from './rdap.js'

const HEAD_BYTES = 64 * 1024

/**
 * The format of an input file.
 *
 * @param path - the file
 * @param kind - what the source list holds
 * @example
 * ```ts
 * await sniffFormat('domains.csv', 'whois')   // 'csv'
 * await sniffFormat('rdap.jsonl.gz', 'whois') // 'rdap'
 * await sniffFormat('scan.json', 'dns')       // 'zdns'
 * ```
 */
export async function sniffFormat(path: string, kind: 'whois' | 'dns'): Promise<SourceFormat> {
  const head = await readHead(path)
  return head === undefined ? 'json' : formatOf(head, kind)
}

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
    const newline = text.indexOf('\n', start)
    const firstLine = text.slice(start, newline < 0 ? text.length : newline)
    return kind === 'whois' && looksLikeWhoisCsvHeader(firstLine) ? 'csv' : 'json'
  }
  const first = firstValue(head)
  if (kind === 'whois') return isRdapDomain(first) || rdapSearchResults(first) !== undefined ? 'rdap' : 'json'
  if (typeof first !== 'object' || first === null || Array.isArray(first) || 'items' in first) return 'json'
  if ('name' in first && 'type' in first && 'value' in first) return 'dns-records'
  if ('name' in first && ('status' in first || 'data' in first || 'results' in first)) return 'zdns'
  return 'json'
}

function firstValue(head: Buffer): unknown {
  let first: unknown
  let found = false
  const splitter = new ValueSplitter(
    (text) => {
      if (found) return
      try {
        first = JSON.parse(text)
        found = true
      } catch {
        // A value cut by the end of the head, or not JSON: nothing to sniff from.
      }
    },
    () => undefined,
  )
  splitter.push(head)
  return first
}

async function readHead(path: string): Promise<Buffer | undefined> {
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
