/**
 * The UTF-8 bytes of a body's JSON text, equal to `Buffer.from(JSON.stringify(body))` but made
 * piece by piece: each element of the body's top-level arrays (an envelope's `results`, the
 * `pivots` of a pivot answer) is stringified alone, and the pieces are written into one buffer.
 * (An element's `toJSON`, which no body has, would be called with `''` rather than its index.)
 *
 * Why: for a large output V8's `JSON.stringify` returns a cons string (a tree of parts), and
 * turning it into bytes first flattens it. On a page of 100 generated WHOIS records (146 KiB) the
 * flattening took 0.7 ms, twice the stringify itself; whole: 1.5 ms, piece by piece: 0.5–0.65 ms.
 */

/**
 * The JSON text of a value as UTF-8 bytes.
 *
 * @param body - a JSON-serialisable value
 * @returns the same bytes as `Buffer.from(JSON.stringify(body), 'utf8')`
 * @example
 * ```ts
 * jsonBytes({ page: 0, results: [{ id: 'a' }, { id: 'b' }] }).toString() // '{"page":0,"results":[{"id":"a"},{"id":"b"}]}'
 * ```
 */
export function jsonBytes(body: unknown): Buffer {
  const pieces = isPlainRecord(body) ? recordPieces(body) : [JSON.stringify(body)]
  let length = 0
  for (const piece of pieces) length += Buffer.byteLength(piece, 'utf8')
  const bytes = Buffer.allocUnsafe(length)
  let offset = 0
  for (const piece of pieces) offset += bytes.write(piece, offset, 'utf8')
  return bytes
}

/** An object `JSON.stringify` writes key by key: no `toJSON`, not an array. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  )
}

/** The JSON text of an object in pieces, one per element of each array-valued property. */
function recordPieces(record: Record<string, unknown>): string[] {
  const pieces: string[] = []
  let next = '{'
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
      pieces.push(`${next}${JSON.stringify(key)}:[`)
      for (let i = 0; i < value.length; i++) {
        // As JSON.stringify writes an array: undefined, functions and symbols (and holes) are null.
        pieces.push((i === 0 ? '' : ',') + (JSON.stringify(value[i]) ?? 'null'))
      }
      next = '],'
    } else {
      const text = JSON.stringify(value)
      if (text === undefined) continue // as JSON.stringify omits them
      pieces.push(`${next}${JSON.stringify(key)}:${text}`)
      next = ','
    }
  }
  pieces.push(next === '{' ? '{}' : next === '],' ? ']}' : '}')
  return pieces
}
