/**
 * Input files are UTF-8 (SPEC 13). A file in another encoding would otherwise load as quiet
 * damage: UTF-16 as "not valid JSON" on every line (a UTF-16 CSV even sniffed as JSON), Latin-1
 * letters as U+FFFD, so that `name=café` finds nothing. The head of each file is checked before it
 * is read, and a file in another encoding is refused, naming the encoding and how to convert it.
 */

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Why a file whose first bytes are `head` is not UTF-8 text, or undefined when it is (a UTF-8
 * byte-order mark is fine).
 *
 * @param head - the file's first bytes (after gunzip for a `.gz`), a prefix of it: a multi-byte
 *   sequence cut at its end is not counted against it
 * @example
 * ```ts
 * encodingProblem(Buffer.from('\ufeff{"a":1}', 'utf16le')) // 'it is UTF-16 little-endian (byte-order mark FF FE) …'
 * encodingProblem(Buffer.from('{"a":"café"}'))             // undefined
 * ```
 */
export function encodingProblem(head: Uint8Array): string | undefined {
  const convert = (from: string) =>
    `domindex reads UTF-8: convert it first, e.g. iconv -f ${from} -t UTF-8 FILE > FILE.utf8`
  const [a, b, c, d] = head
  if (a === 0xff && b === 0xfe && c === 0 && d === 0)
    return `it is UTF-32 little-endian (byte-order mark FF FE 00 00); ${convert('UTF-32')}`
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff)
    return `it is UTF-32 big-endian (byte-order mark 00 00 FE FF); ${convert('UTF-32')}`
  if (a === 0xff && b === 0xfe)
    return `it is UTF-16 little-endian (byte-order mark FF FE); ${convert('UTF-16')}`
  if (a === 0xfe && b === 0xff) return `it is UTF-16 big-endian (byte-order mark FE FF); ${convert('UTF-16')}`
  const sample = head.subarray(0, 1024)
  const nuls = sample.reduce((n, byte) => n + (byte === 0 ? 1 : 0), 0)
  if (sample.length >= 4 && nuls * 4 >= sample.length) {
    return `it looks like UTF-16 without a byte-order mark (${nuls} of its first ${sample.length} bytes are NUL); ${convert('UTF-16LE')}`
  }
  const bad = firstInvalidUtf8(head)
  if (bad === undefined) return undefined
  const byte = (head[bad] as number).toString(16).toUpperCase().padStart(2, '0')
  const latin1 =
    (head[bad] as number) >= 0xa0
      ? ` (Latin-1 writes ${JSON.stringify(String.fromCharCode(head[bad] as number))} so)`
      : ''
  return `it is not UTF-8: byte ${byte} at offset ${bad} starts no UTF-8 character${latin1}; ${convert('WINDOWS-1252')}`
}

// The offset of the first byte that is not part of a well-formed UTF-8 sequence, ignoring a
// sequence cut short by the end of the head.
function firstInvalidUtf8(head: Uint8Array): number | undefined {
  let end = head.length
  // Back off a multi-byte sequence the head may end inside (at most 3 bytes).
  for (let k = 1; k <= 3 && end - k >= 0; k++) {
    const byte = head[end - k] as number
    if (byte < 0x80) break
    if (byte >= 0xc0) {
      end -= k
      break
    }
  }
  try {
    UTF8.decode(head.subarray(0, end))
    return undefined
  } catch {
    for (let i = 0; i < end; ) {
      const byte = head[i] as number
      const size =
        byte < 0x80
          ? 1
          : byte >= 0xc2 && byte <= 0xdf
            ? 2
            : byte >= 0xe0 && byte <= 0xef
              ? 3
              : byte >= 0xf0 && byte <= 0xf4
                ? 4
                : 0
      if (size === 0 || i + size > end) return i
      try {
        UTF8.decode(head.subarray(i, i + size))
      } catch {
        return i
      }
      i += size
    }
    return 0
  }
}
