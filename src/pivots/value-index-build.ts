/**
 * Building a {@link ValueIndex} from a kind's values: the values sorted in code-point order, each
 * value's encoded words numbered in a sorted dictionary, and both directions (word → values,
 * value → words) as flat arrays. Each value is encoded once; the arrays take about 8 bytes a word
 * of a value (measured in bench/pivots.bench.ts).
 */
import { ByteStrings, compareCodePoints } from './byte-strings.js'
import { VALUE_ENCODER } from './value-encoder.js'
import { ValueIndex } from './value-index.js'

/** One value: its key, how it is shown, and how many records hold it. */
export type ValueEntry = readonly [key: string, shown: string, held: number]

/**
 * The index of values given as `[key, shown, held]`: the key is the value the kind's
 * normalisation gives (what a text is matched against and what the exact tier compares), `shown`
 * how a suggestion shows it, `held` how many records hold it (the order within a tier). A key
 * given twice keeps its first spelling and the sum of its counts.
 *
 * @param entries - the values
 * @example
 * ```ts
 * buildValueIndex([['godaddy.com, llc', 'GoDaddy.com, LLC', 806]]).candidates('godady', null, 10) // ['GoDaddy.com, LLC']
 * ```
 */
export function buildValueIndex(entries: Iterable<ValueEntry>): ValueIndex {
  const steps = valueIndexSteps(entries)
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
  }
}

/**
 * {@link buildValueIndex} as a generator that pauses (yields) every 2,000 values
 * encoded (about 10 ms), so a caller on the event loop can let other work run between slices;
 * the sorts run at once (about 0.6 s for a million values).
 *
 * @param entries - the values
 * @example
 * ```ts
 * const steps = valueIndexSteps(entries); let step = steps.next(); while (!step.done) step = steps.next()
 * ```
 */
export function* valueIndexSteps(entries: Iterable<ValueEntry>): Generator<void, ValueIndex> {
  const shownOf = new Map<string, string>()
  const heldOf = new Map<string, number>()
  for (const [key, shown, held] of entries) {
    if (!shownOf.has(key)) shownOf.set(key, shown)
    heldOf.set(key, (heldOf.get(key) ?? 0) + held)
  }
  const keys = sortCodePoints([...shownOf.keys()])
  const spelled = keys.some((key) => shownOf.get(key) !== key)

  const wordIds = new Map<string, number>()
  const valueStarts = new Uint32Array(keys.length + 1)
  const local: number[] = []
  for (let id = 0; id < keys.length; id++) {
    for (const word of new Set(VALUE_ENCODER.encode(keys[id] as string))) {
      let w = wordIds.get(word)
      if (w === undefined) {
        w = wordIds.size
        wordIds.set(word, w)
      }
      local.push(w)
    }
    valueStarts[id + 1] = local.length
    if (id % ENCODE_SLICE === ENCODE_SLICE - 1) yield
  }
  const words = sortCodePoints([...wordIds.keys()])
  const rank = new Uint32Array(words.length)
  words.forEach((word, i) => {
    rank[wordIds.get(word) as number] = i
  })
  const valueWords = Uint32Array.from(local, (w) => rank[w] as number)

  const wordStarts = new Uint32Array(words.length + 1)
  for (const w of valueWords) wordStarts[w + 1] = (wordStarts[w + 1] as number) + 1
  for (let w = 0; w < words.length; w++) {
    wordStarts[w + 1] = (wordStarts[w + 1] as number) + (wordStarts[w] as number)
  }
  const wordValues = new Uint32Array(valueWords.length)
  const next = wordStarts.slice(0, words.length)
  for (let id = 0; id < keys.length; id++) {
    for (let p = valueStarts[id] as number; p < (valueStarts[id + 1] as number); p++) {
      const w = valueWords[p] as number
      wordValues[next[w] as number] = id
      next[w] = (next[w] as number) + 1
    }
  }

  // Keys already lower-case (emails, registrar keys, hosts) are in folded order as they are.
  const lowered = keys.map((key) => key.toLowerCase())
  const folded = Uint32Array.from(keys.keys())
  if (lowered.some((lower, id) => lower !== keys[id])) {
    folded.sort((a, b) => compareCodePoints(lowered[a] as string, lowered[b] as string))
  }
  return new ValueIndex({
    values: ByteStrings.of(keys),
    shown: spelled ? ByteStrings.of(keys.map((key) => shownOf.get(key) as string)) : null,
    folded,
    words: ByteStrings.of(words),
    wordStarts,
    wordValues,
    valueStarts,
    valueWords,
    held: Uint32Array.from(keys, (key) => Math.min(heldOf.get(key) as number, 0xffffffff)),
  })
}

/**
 * The index of values shown as they are, each held by as many records as it is given times.
 *
 * @param values - the values
 *
 * @example
 * ```ts
 * valueIndexOf(['Acme Holdings', 'Acme Holdngs']).size // 2
 * ```
 */
export function valueIndexOf(values: Iterable<string>): ValueIndex {
  return buildValueIndex(
    (function* () {
      for (const value of values) yield [value, value, 1] as const
    })(),
  )
}

// The values encoded between two pauses of valueIndexSteps.
const ENCODE_SLICE = 2_000

// Strings in code-point order; the native sort (UTF-16 order) is that order when none holds a
// surrogate, and far faster than a comparator.
function sortCodePoints(strings: string[]): string[] {
  return strings.some((s) => /[\uD800-\uDFFF]/.test(s)) ? strings.sort(compareCodePoints) : strings.sort()
}
