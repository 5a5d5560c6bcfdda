/**
 * Large arrays of strings (the DNS index's value, id and host tables) as two snapshot sections,
 * so that no single encoder buffer or JS string has to hold them whole:
 *
 *   lengths  Uint32Array(N)  the UTF-16 length of each string
 *   text     bytes           the strings concatenated, piece by piece: piece p holds the next
 *                            `pieceStrings[p]` strings in `pieceBytes[p]` bytes
 *
 * The text is UTF-8, or UTF-16LE when any string holds a lone surrogate (UTF-8 cannot carry one,
 * and a changed value would be a wrong answer). A piece closes once it holds 2^24 UTF-16 units,
 * far below V8's string limit (2^29 − 24), so decoding a piece makes one string that the pieces'
 * strings are sliced from: no per-string decoder call.
 */
import { Buffer } from 'node:buffer'

const PIECE_UNITS = 1 << 24

/** A string table encoded for writing. */
export interface EncodedStrings {
  readonly lengths: Uint32Array
  readonly pieces: Uint8Array[]
  readonly utf16: boolean
  readonly pieceStrings: number[]
  readonly pieceBytes: number[]
}

interface MaybeWellFormed {
  isWellFormed(): boolean
}

/**
 * Encodes an array of strings.
 *
 * @param strings - the strings
 * @example
 * ```ts
 * encodeStrings(['ab', 'c']) // { lengths: [2, 1], pieces: [<61 62 63>], utf16: false, pieceStrings: [2], pieceBytes: [3] }
 * ```
 */
export function encodeStrings(strings: readonly string[]): EncodedStrings {
  const utf16 = !strings.every((s) => (s as unknown as MaybeWellFormed).isWellFormed())
  const encoding = utf16 ? 'utf16le' : 'utf8'
  const lengths = new Uint32Array(strings.length)
  const pieces: Uint8Array[] = []
  const pieceStrings: number[] = []
  const pieceBytes: number[] = []
  let first = 0
  let units = 0
  for (let i = 0; i <= strings.length; i++) {
    if (i === strings.length || units >= PIECE_UNITS) {
      if (i > first) {
        const piece = Buffer.from(strings.slice(first, i).join(''), encoding)
        pieces.push(piece)
        pieceStrings.push(i - first)
        pieceBytes.push(piece.length)
      }
      first = i
      units = 0
    }
    if (i === strings.length) break
    const length = (strings[i] as string).length
    lengths[i] = length
    units += length
  }
  return { lengths, pieces, utf16, pieceStrings, pieceBytes }
}

/**
 * Decodes a string table; throws a plain Error when the parts disagree.
 *
 * @param lengths - the lengths section
 * @param text - the text section
 * @param layout - the encoding and the piece sizes, as {@link encodeStrings} gave them
 * @example
 * ```ts
 * decodeStrings(Uint32Array.of(2, 1), Buffer.from('abc'), { utf16: false, pieceStrings: [2], pieceBytes: [3] }) // ['ab', 'c']
 * ```
 */
export function decodeStrings(
  lengths: Uint32Array,
  text: Uint8Array,
  layout: { utf16: boolean; pieceStrings: readonly number[]; pieceBytes: readonly number[] },
): string[] {
  const strings = new Array<string>(lengths.length)
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength)
  const encoding = layout.utf16 ? 'utf16le' : 'utf8'
  let next = 0
  let at = 0
  layout.pieceStrings.forEach((count, p) => {
    const size = layout.pieceBytes[p] as number
    if (at + size > bytes.length || next + count > lengths.length)
      throw new Error('string table pieces overrun')
    const piece = bytes.toString(encoding, at, at + size)
    at += size
    let unit = 0
    for (const end = next + count; next < end; next++) {
      const length = lengths[next] as number
      strings[next] = piece.slice(unit, unit + length)
      unit += length
    }
    if (unit !== piece.length) throw new Error('string table lengths disagree with its text')
  })
  if (next !== lengths.length || at !== bytes.length) throw new Error('string table pieces do not cover it')
  return strings
}
