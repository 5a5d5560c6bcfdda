/**
 * `--rejects FILE` of `build` and `update`: every reject as a JSON line `{file, line, reason}`,
 * written as the load meets it (through the engine's `onReject`), so the file holds all of them,
 * not only the first 1,000 that an engine keeps in full. Lines are gathered and written in blocks.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import type { Reject } from '../types.js'
import { CommandFailure } from './args.js'

const BLOCK_CHARS = 1 << 16

/** A rejects file being written. */
export interface RejectsFile {
  /** Writes one reject (pass it as the load's `onReject`). */
  readonly onReject: (reject: Reject) => void
  /** Writes what is gathered and closes the file. */
  close(): void
}

/**
 * Opens (replaces) a rejects file; its name is checked at once, before any loading.
 *
 * @param path - the file to write
 * @throws CommandFailure naming the file when it cannot be written
 * @example
 * ```ts
 * const rejects = openRejects('rejects.jsonl')
 * try { await Engine.build(sources, { onReject: rejects.onReject }) } finally { rejects.close() }
 * // rejects.jsonl: {"file":"a.jsonl","line":2,"reason":"..."}
 * ```
 */
export function openRejects(path: string): RejectsFile {
  const failed = (error: unknown) =>
    new CommandFailure(`cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`)
  let fd: number
  try {
    fd = openSync(path, 'w')
  } catch (error) {
    throw failed(error)
  }
  let block = ''
  const flush = (): void => {
    try {
      writeSync(fd, block)
    } catch (error) {
      throw failed(error)
    }
    block = ''
  }
  return {
    onReject: (reject) => {
      block += `${JSON.stringify({ file: reject.file, line: reject.line, reason: reject.reason })}\n`
      if (block.length >= BLOCK_CHARS) flush()
    },
    close: () => {
      try {
        if (block.length > 0) flush()
      } finally {
        closeSync(fd)
      }
    },
  }
}
