/**
 * The report files of `build` and `update`: `--rejects FILE` (every reject as `{file, line,
 * reason}`) and `--report FILE` (every replacement and every date not understood, with its file
 * and line). Each value is one JSON line, written as the load meets it (through the engine's
 * `onReject` and `onNote`), gathered and written in blocks, so a file holds all of them, not only
 * the first 1,000 rejects an engine keeps in full.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import { CommandFailure } from './args.js'

const BLOCK_CHARS = 1 << 16

/** A JSON Lines file being written. */
export interface JsonLinesFile {
  /** Writes one value as a line. */
  readonly write: (value: object) => void
  /** Writes what is gathered and closes the file. */
  close(): void
}

/**
 * Opens (replaces) a JSON Lines file; its name is checked at once, before any loading.
 *
 * @param path - the file to write
 * @throws CommandFailure naming the file when it cannot be written
 * @example
 * ```ts
 * const rejects = openJsonLines('rejects.jsonl')
 * try { await Engine.build(sources, { onReject: rejects.write }) } finally { rejects.close() }
 * // rejects.jsonl: {"file":"a.jsonl","line":2,"reason":"..."}
 * ```
 */
export function openJsonLines(path: string): JsonLinesFile {
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
    write: (value) => {
      block += `${JSON.stringify(value)}\n`
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
