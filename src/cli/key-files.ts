/**
 * The remove files of `domindex update`: one key a line (a domain, or an observation id). Lines
 * are trimmed (so CRLF endings and a byte-order mark do no harm); blank lines and lines starting
 * with `#` are skipped. Files are read line by line, so their size is bounded by the keys alone.
 */
import { open } from 'node:fs/promises'
import { CommandFailure } from './args.js'

/** A listed key and where it was written. */
interface ListedKey {
  key: string
  line: number
}

/**
 * The keys listed in some files, in file and line order.
 *
 * @param option - the option that named the files, for the messages
 * @param paths - the files
 * @param invalid - why a key is not acceptable, or undefined when it is; checked here so that the
 *   message names the file and line (the engine checks again, knowing only the key's position)
 * @throws CommandFailure naming the file when it cannot be read, or its file and line when a key
 *   is invalid
 * @example
 * ```ts
 * // dropped.txt: "# dropped on 2026-11-26\nExample.org\n\nold.example\n"
 * await readKeyFiles('remove-whois', ['dropped.txt']) // ['Example.org', 'old.example']
 * ```
 */
export async function readKeyFiles(
  option: string,
  paths: readonly string[],
  invalid: (key: string) => string | undefined = () => undefined,
): Promise<string[]> {
  const keys: string[] = []
  for (const path of paths) {
    for (const { key, line } of await readKeyFile(option, path)) {
      const reason = invalid(key)
      if (reason !== undefined) {
        throw new CommandFailure(`${path}:${line} (--${option}): ${JSON.stringify(key)} ${reason}`)
      }
      keys.push(key)
    }
  }
  return keys
}

async function readKeyFile(option: string, path: string): Promise<ListedKey[]> {
  const listed: ListedKey[] = []
  try {
    const handle = await open(path, 'r')
    try {
      let line = 0
      for await (const text of handle.readLines({ encoding: 'utf8' })) {
        line++
        const key = text.trim()
        if (key !== '' && !key.startsWith('#')) listed.push({ key, line })
      }
    } finally {
      await handle.close().catch(() => undefined)
    }
  } catch (error) {
    throw new CommandFailure(
      `cannot read the --${option} file ${path}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return listed
}
