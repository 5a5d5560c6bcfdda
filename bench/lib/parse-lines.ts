/**
 * The floor a loader is compared against: a JSON Lines file read in 1 MiB chunks (the loader's
 * chunk size), decoded, split at newlines and `JSON.parse`d line by line, with no checks and no
 * normalisation. Shared by bench/load.bench.ts (which keeps the values) and bench/scale.bench.ts
 * (which drops them, as a streaming build does).
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

const CHUNK = 1 << 20

/**
 * Parses every non-empty line of a JSON Lines file and hands each value to `onValue`.
 *
 * @param path - a JSON Lines file (not gzip)
 * @param onValue - receives each parsed value, in file order
 * @returns the number of lines parsed
 * @example
 * ```ts
 * const values: unknown[] = []
 * await forEachJsonLine('whois.jsonl', (v) => values.push(v)) // 100000
 * ```
 */
export async function forEachJsonLine(path: string, onValue: (value: unknown) => void): Promise<number> {
  const decoder = new StringDecoder('utf8')
  let carry = ''
  let lines = 0
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
    const text = carry + decoder.write(chunk)
    let start = 0
    let newline = text.indexOf('\n')
    while (newline !== -1) {
      if (newline > start) {
        onValue(JSON.parse(text.slice(start, newline)))
        lines++
      }
      start = newline + 1
      newline = text.indexOf('\n', start)
    }
    carry = text.slice(start)
  }
  carry += decoder.end()
  if (carry.length > 0) {
    onValue(JSON.parse(carry))
    lines++
  }
  return lines
}

/**
 * The first `count` lines of a JSON Lines file, parsed (read from its first 64 MiB only, so a
 * benchmark picks its query terms from a large corpus without reading it all).
 *
 * @example
 * ```ts
 * headLines<WhoisRecord>('whois.jsonl', 2_000).length // 2000
 * ```
 */
export function headLines<T>(path: string, count: number): T[] {
  const fd = openSync(path, 'r')
  const head = Buffer.alloc(64 << 20)
  const length = readSync(fd, head, 0, head.length, 0)
  closeSync(fd)
  const lines = head.subarray(0, length).toString('utf8').split('\n').slice(0, -1).slice(0, count)
  return lines.map((l) => JSON.parse(l) as T)
}
