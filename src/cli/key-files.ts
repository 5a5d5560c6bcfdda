/**
 * The remove files of `domindex update`: one key a line (a domain, or an observation id). Lines
 * are trimmed (so CRLF endings and a byte-order mark do no harm); blank lines and lines starting
 * with `#` are skipped. Files are read line by line, so their size is bounded by the keys alone.
 */
import { open } from 'node:fs/promises'
import { CommandFailure } from './args.js'

/**
 * The keys listed in some files, in file and line order.
 *
 * @param option - the option that named the files, for the message
 * @param paths - the files
 * @throws CommandFailure naming the option and the file when one cannot be read
 * @example
 * ```ts
 * // dropped.txt: "# dropped on 2026-11-26\nExample.org\n\nold.example\n"
 * await readKeyFiles('remove-whois', ['dropped.txt']) // ['Example.org', 'old.example']
 * ```
 */
export async function readKeyFiles(option: string, paths: readonly string[]): Promise<string[]> {
  const keys: string[] = []
  for (const path of paths) {
    try {
      const handle = await open(path, 'r')
      try {
        for await (const line of handle.readLines({ encoding: 'utf8' })) {
          const key = line.trim()
          if (key !== '' && !key.startsWith('#')) keys.push(key)
        }
      } finally {
        await handle.close().catch(() => undefined)
      }
    } catch (error) {
      throw new CommandFailure(
        `cannot read the --${option} file ${path}: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  return keys
}
