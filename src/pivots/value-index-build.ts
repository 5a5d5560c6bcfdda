/**
 * Building a {@link ValueIndex} from a kind's values: the values sorted in code-point order, each
 * value's encoded words numbered in a sorted dictionary, and both directions (word → values,
 * value → words) as flat arrays. Each value is encoded once; the arrays take about 8 bytes a word
 * of a value (measured in bench/pivots.bench.ts).
 */
import { ByteStrings, compareCodePoints } from './byte-strings.js'
import { VALUE_ENCODER, ValueIndex } from './value-index.js'

/**
 * The index of values given as `[key, shown]` pairs: the key is the value the kind's
 * normalisation gives (what a text is matched against and what the exact tier compares), `shown`
 * how a suggestion shows it. A key given twice keeps its first spelling.
 *
 * @example
 * ```ts
 * buildValueIndex([['godaddy.com, llc', 'GoDaddy.com, LLC']]).candidates('godady', null, 10) // ['GoDaddy.com, LLC']
 * ```
 */
export function buildValueIndex(entries: Iterable<readonly [key: string, shown: string]>): ValueIndex {
  const shownOf = new Map<string, string>()
  for (const [key, shown] of entries) if (!shownOf.has(key)) shownOf.set(key, shown)
  const keys = sortCodePoints([...shownOf.keys()])
  const spelled = keys.some((key) => shownOf.get(key) !== key)

  const wordIds = new Map<string, number>()
  const valueStarts = new Uint32Array(keys.length + 1)
  const local: number[] = []
  keys.forEach((key, id) => {
    for (const word of new Set(VALUE_ENCODER.encode(key))) {
      let w = wordIds.get(word)
      if (w === undefined) {
        w = wordIds.size
        wordIds.set(word, w)
      }
      local.push(w)
    }
    valueStarts[id + 1] = local.length
  })
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
  })
}

/**
 * The index of values shown as they are (every kind but `registrar`).
 *
 * @example
 * ```ts
 * valueIndexOf(['Acme Holdings', 'Acme Holdngs']).size // 2
 * ```
 */
export function valueIndexOf(values: Iterable<string>): ValueIndex {
  return buildValueIndex(
    (function* () {
      for (const value of values) yield [value, value] as const
    })(),
  )
}

// Strings in code-point order; the native sort (UTF-16 order) is that order when none holds a
// surrogate, and far faster than a comparator.
function sortCodePoints(strings: string[]): string[] {
  return strings.some((s) => /[\uD800-\uDFFF]/.test(s)) ? strings.sort(compareCodePoints) : strings.sort()
}
