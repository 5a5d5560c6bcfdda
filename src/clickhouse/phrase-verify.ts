/**
 * Exact verification of sloppy phrases for the ClickHouse engine. A phrase with slop > 0 is a
 * search for distinct positions within a window (phrase.ts), which SQL cannot express over arrays
 * on ClickHouse 18.16 without a combinatorial blow-up. So SQL narrows to candidates (documents
 * holding every term often enough in admitted fields) and returns, per candidate, only the
 * occurrences of the query's terms with their position codes; this module builds the embedded
 * engine's own registration-text index over those candidates and runs the embedded engine's own
 * {@link PhraseMatcher} on it, so the rule is the same code, not a re-implementation.
 *
 * Cost: every candidate's occurrences of the query terms cross the network once (a few dozen bytes
 * per candidate), and the candidates are indexed in memory for the duration of the query.
 */
import { PostingsBuilder } from '../indexes/postings.js'
import { RegistrationText } from '../indexes/registration-text.js'
import { TermDictionaryBuilder } from '../indexes/term-dictionary.js'
import { PhraseMatcher } from '../query/reverse/phrase.js'

/** A phrase criterion: analysed tokens in order, slop, and the admitted field classes (bit mask). */
export interface PhraseCheck {
  tokens: readonly string[]
  slop: number
  mask: number
}

/** One candidate's occurrences of the query terms: tokens and their position codes, in position order. */
export interface Occurrences {
  tokens: readonly string[]
  codes: readonly number[]
}

/**
 * The candidates that satisfy every phrase check.
 *
 * @param candidates - each candidate's occurrences, in result order
 * @param checks - the phrase criteria that all must hold
 * @returns the ordinals (indexes into `candidates`) that match, ascending
 * @example
 * ```ts
 * verifyPhrases([{ tokens: ['quick', 'brown', 'fox'], codes: [0, 4, 8] }], [{ tokens: ['quick', 'fox'], slop: 1, mask: 0b1111 }])
 * // Uint32Array [0]
 * ```
 */
export function verifyPhrases(
  candidates: readonly Occurrences[],
  checks: readonly PhraseCheck[],
): Uint32Array {
  const dictionary = new TermDictionaryBuilder()
  const postings = new PostingsBuilder(true)
  for (let doc = 0; doc < candidates.length; doc++) {
    const { tokens, codes } = candidates[doc] as Occurrences
    postings.startDoc(doc)
    for (let i = 0; i < tokens.length; i++)
      postings.add(dictionary.intern(tokens[i] as string), codes[i] as number)
    postings.endDoc()
  }
  const terms = Math.max(1, dictionary.size)
  const text = new RegistrationText({
    dictionary: dictionary.freeze().state,
    positions: postings.finish(terms),
    // The phrase matcher reads positions only; organization ordinals serve `name`, decided in SQL.
    organizations: new PostingsBuilder(true).finish(terms),
  })
  let matches: Uint32Array | null = null
  for (const check of checks) {
    const matcher = new PhraseMatcher(text, check.tokens, check.slop, check.mask)
    if (matches === null) matches = matcher.collect()
    else matches = matches.subarray(0, matcher.filter(matches, matches.length))
  }
  return matches ?? Uint32Array.from(candidates, (_, i) => i)
}
