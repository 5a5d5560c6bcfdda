/**
 * A value index's flat arrays by name: what a file beside a snapshot (snapshot/suggest-file.ts)
 * holds and what a worker thread moves back (segments/suggest-worker.ts), and the checks that
 * arrays read from a file fit together before they are used, run as a generator so a caller can
 * pause between slices of a million numbers.
 */
import { ByteStrings } from './byte-strings.js'
import { ValueIndex, type ValueIndexParts } from './value-index.js'

/** The arrays in file order; `shown*` are empty when every value is shown as its key. */
export const ARRAYS = [
  'valueBytes',
  'valueOffsets',
  'shownBytes',
  'shownOffsets',
  'folded',
  'wordBytes',
  'wordOffsets',
  'wordStarts',
  'wordValues',
  'valueStarts',
  'valueWords',
  'held',
] as const
/** The name of one of the arrays. */
export type ArrayName = (typeof ARRAYS)[number]

/** The arrays of bytes (the others hold 32-bit numbers). */
export const BYTE_ARRAYS: ReadonlySet<ArrayName> = new Set(['valueBytes', 'shownBytes', 'wordBytes'])

/** A value index's arrays by name, as a file or a worker thread carries them. */
export type IndexArrays = Record<ArrayName, Uint8Array | Uint32Array>

/**
 * The index of arrays read from a file or a worker thread, once they are checked to fit
 * together: offsets ascend within their bytes, every number points inside.
 *
 * @param a - the arrays
 * @throws Error when they do not
 * @example
 * ```ts
 * indexFromArrays(indexArrays(index)).size === index.size // true
 * ```
 */
export function indexFromArrays(a: IndexArrays): ValueIndex {
  const checks = checkedParts(a)
  for (;;) {
    const step = checks.next()
    if (step.done === true) return new ValueIndex(step.value)
  }
}

/**
 * The index of arrays this process's own code built (a worker thread's), unchecked.
 *
 * @param a - the arrays
 * @example
 * ```ts
 * builtIndex(indexArrays(index)).size === index.size // true
 * ```
 */
export function builtIndex(a: IndexArrays): ValueIndex {
  const u32 = (name: ArrayName): Uint32Array => a[name] as Uint32Array
  const strings = (bytes: Uint8Array | Uint32Array, starts: Uint32Array) =>
    new ByteStrings({ bytes: bytes as Uint8Array, starts })
  return new ValueIndex({
    values: strings(a.valueBytes, u32('valueOffsets')),
    shown: u32('shownOffsets').length > 0 ? strings(a.shownBytes, u32('shownOffsets')) : null,
    folded: u32('folded'),
    words: strings(a.wordBytes, u32('wordOffsets')),
    wordStarts: u32('wordStarts'),
    wordValues: u32('wordValues'),
    valueStarts: u32('valueStarts'),
    valueWords: u32('valueWords'),
    held: u32('held'),
  })
}

// The checks, a generator that pauses every CHECK_SLICE numbers: drained at once, or between
// turns of the event loop.
/**
 * The parts of arrays read from a file, once they fit together; pauses (yields) every million
 * numbers checked.
 *
 * @param a - the arrays
 * @throws Error naming the first array that does not fit
 * @example
 * ```ts
 * const checks = checkedParts(arrays); let step = checks.next(); while (!step.done) step = checks.next()
 * ```
 */
export function* checkedParts(a: IndexArrays): Generator<void, ValueIndexParts> {
  const u32 = (name: ArrayName): Uint32Array => a[name] as Uint32Array
  const values = yield* strings(a.valueBytes, u32('valueOffsets'))
  const count = values.size
  const spelled = u32('shownOffsets').length > 0
  const shown = spelled ? yield* strings(a.shownBytes, u32('shownOffsets')) : null
  if (shown !== null && shown.size !== count) throw new Error('shown')
  const words = yield* strings(a.wordBytes, u32('wordOffsets'))
  yield* offsets(u32('wordStarts'), u32('wordValues').length, words.size + 1)
  yield* offsets(u32('valueStarts'), u32('valueWords').length, count + 1)
  yield* below(u32('wordValues'), count)
  yield* below(u32('valueWords'), words.size)
  yield* below(u32('folded'), count)
  if (u32('folded').length !== count) throw new Error('folded')
  if (u32('held').length !== count) throw new Error('held')
  return {
    values,
    shown,
    folded: u32('folded'),
    words,
    wordStarts: u32('wordStarts'),
    wordValues: u32('wordValues'),
    valueStarts: u32('valueStarts'),
    valueWords: u32('valueWords'),
    held: u32('held'),
  }
}

const CHECK_SLICE = 1 << 20

function* strings(bytes: Uint8Array | Uint32Array, starts: Uint32Array): Generator<void, ByteStrings> {
  if (starts.length === 0) throw new Error('offsets')
  yield* offsets(starts, bytes.length, starts.length)
  return new ByteStrings({ bytes: bytes as Uint8Array, starts })
}

function* offsets(starts: Uint32Array, end: number, length: number): Generator<void> {
  if (starts.length !== length || starts[0] !== 0 || starts[starts.length - 1] !== end) {
    throw new Error('offsets')
  }
  for (let i = 1; i < starts.length; i++) {
    if ((starts[i] as number) < (starts[i - 1] as number)) throw new Error('offsets')
    if (i % CHECK_SLICE === 0) yield
  }
}

function* below(numbers: Uint32Array, limit: number): Generator<void> {
  for (let i = 0; i < numbers.length; i++) {
    if ((numbers[i] as number) >= limit) throw new Error('number')
    if (i % CHECK_SLICE === CHECK_SLICE - 1) yield
  }
}

/**
 * An index's arrays by name.
 *
 * @param index - the index
 * @example
 * ```ts
 * indexArrays(index).valueBytes.length // the bytes of its values
 * ```
 */
export function indexArrays({ parts }: ValueIndex): IndexArrays {
  return {
    valueBytes: parts.values.parts.bytes,
    valueOffsets: parts.values.parts.starts,
    shownBytes: parts.shown?.parts.bytes ?? new Uint8Array(0),
    shownOffsets: parts.shown?.parts.starts ?? new Uint32Array(0),
    folded: parts.folded,
    wordBytes: parts.words.parts.bytes,
    wordOffsets: parts.words.parts.starts,
    wordStarts: parts.wordStarts,
    wordValues: parts.wordValues,
    valueStarts: parts.valueStarts,
    valueWords: parts.valueWords,
    held: parts.held,
  }
}
