/**
 * Streams the records of a byte range of a JSON Lines file, so that several threads can read one
 * large file at once. A range owns every line that starts inside it: from `start` (or, when a line
 * runs across `start`, from the next line start) through the newline that ends the line holding
 * byte `end − 1`. Ranges that tile a file therefore own every line exactly once, and their line
 * counts add up to the file's: a range numbers its lines from 1, and the caller adds the lines of
 * the ranges before it.
 */
import { createReadStream } from 'node:fs'
import { LineSplitter } from './line-splitter.js'
import { type FileContext, jsonDispatcher, nextChunk, type RecordSink } from './load-file.js'

const NEWLINE = 0x0a

/** How a range was read. */
export interface RangeReport {
  /** Bytes of the lines the range owns (over all ranges: the file size). */
  bytes: number
  /** Lines the range owns, blank ones included. */
  lines: number
}

/**
 * Streams the records of the lines a byte range owns into `sink`, lines numbered from 1.
 *
 * @param file - a JSON Lines file (not compressed)
 * @param start - first byte of the range
 * @param end - the byte after the range
 * @param sink - receives each record
 * @param context - chunk size, reject and progress callbacks (progress gets the range's bytes so far)
 * @example
 * ```ts
 * await loadRange('whois.jsonl', 1 << 24, 2 << 24, (record, line) => keep(record, line), context)
 * // { bytes: 16777402, lines: 12790 }
 * ```
 */
export async function loadRange(
  file: string,
  start: number,
  end: number,
  sink: RecordSink,
  context: FileContext,
): Promise<RangeReport> {
  const splitter = new LineSplitter(jsonDispatcher(sink, context), (reason, line) =>
    context.reject(line, reason),
  )
  // Reading from the byte before `start` tells whether a line starts exactly at `start`.
  let offset = start === 0 ? 0 : start - 1
  let skipping = start > 0
  let owned = 0
  const stream = createReadStream(file, { start: offset, highWaterMark: Math.max(context.chunkSize, 64) })
  const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
  try {
    for (;;) {
      const step = await nextChunk(chunks, file)
      if (step.done === true) break
      let chunk = step.value
      const chunkOffset = offset
      offset += chunk.length
      if (skipping) {
        const newline = chunk.indexOf(NEWLINE)
        if (newline === -1) continue
        if (chunkOffset + newline + 1 >= end) return { bytes: 0, lines: 0 }
        chunk = chunk.subarray(newline + 1)
        skipping = false
      } else if (chunkOffset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3)
        owned += 3
      }
      // The owned lines end at the first newline at or after byte end − 1.
      const from = Math.max(0, end - 1 - (offset - chunk.length))
      const last = from < chunk.length ? chunk.indexOf(NEWLINE, from) : -1
      if (last !== -1) chunk = chunk.subarray(0, last + 1)
      owned += chunk.length
      splitter.push(chunk)
      const paused = context.progress(owned)
      if (paused !== undefined) await paused
      if (last !== -1) break
    }
  } finally {
    stream.destroy()
  }
  splitter.end()
  return { bytes: owned, lines: splitter.lines }
}
