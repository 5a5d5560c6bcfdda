/**
 * Exact verification of sloppy phrases for the ClickHouse engine. A phrase with slop > 0 is a
 * search for distinct positions within a window (phrase.ts), which SQL cannot express over arrays
 * on ClickHouse 18.16 without a combinatorial blow-up. So SQL narrows to candidates (records with
 * one admitted value holding every term) and returns each candidate's value texts and field
 * classes; this module gives their tokens the positions RegistrationTextBuilder gives them
 * (consecutive within a value, POSITION_GAP between values), indexes the occurrences of the query's
 * terms as the embedded engine's registration-text index does, and runs the embedded engine's own
 * {@link PhraseMatcher} on it: the rule is the same code, not a re-implementation.
 *
 * Cost: every candidate's registration text crosses the network once (the whole record's value
 * texts, a few hundred bytes), and the candidates' term occurrences are indexed in memory for the
 * duration of the query.
 */

import { packPostings } from '../indexes/reverse/packed-postings.js'
import { PostingsBuilder } from '../indexes/reverse/postings.js'
import { POSITION_GAP, RegistrationText } from '../indexes/reverse/registration-text.js'
import { TermDictionaryBuilder } from '../indexes/term-dictionary.js'
import { PhraseMatcher } from '../query/reverse/phrase.js'

/** A phrase criterion: analysed tokens in order, slop, and the admitted field classes (bit mask). */
export interface PhraseCheck {
  tokens: readonly string[]
  slop: number
  mask: number
}

/** One candidate's registration text: its values with tokens (' t1 t2 … ') and their field classes, in order. */
export interface ValueTexts {
  texts: readonly string[]
  classes: readonly number[]
}

/**
 * The candidates that satisfy every phrase check.
 *
 * @param candidates - each candidate's value texts, in result order
 * @param checks - the phrase criteria that all must hold
 * @returns the ordinals (indexes into `candidates`) that match, ascending
 * @example
 * ```ts
 * verifyPhrases([{ texts: [' quick brown fox '], classes: [0] }], [{ tokens: ['quick', 'fox'], slop: 1, mask: 0b1111 }])
 * // Uint32Array [0]
 * ```
 */
export function verifyPhrases(
  candidates: readonly ValueTexts[],
  checks: readonly PhraseCheck[],
): Uint32Array {
  const wanted = new Set(checks.flatMap((check) => check.tokens))
  const dictionary = new TermDictionaryBuilder()
  const postings = new PostingsBuilder(true)
  for (let doc = 0; doc < candidates.length; doc++) {
    const { texts, classes } = candidates[doc] as ValueTexts
    postings.startDoc(doc)
    let next = 0
    for (let v = 0; v < texts.length; v++) {
      const tokens = (texts[v] as string).slice(1, -1).split(' ')
      const cls = classes[v] as number
      for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i] as string
        if (wanted.has(token)) postings.add(dictionary.intern(token), (next + i) * 4 + cls)
      }
      next += tokens.length + POSITION_GAP
    }
    postings.endDoc()
  }
  const terms = Math.max(1, dictionary.size)
  const text = new RegistrationText({
    dictionary: dictionary.freeze().state,
    positions: packPostings(postings.finish(terms)),
    // The phrase matcher reads positions only; organization ordinals serve `name`, decided in SQL.
    organizations: packPostings(new PostingsBuilder(true).finish(terms)),
  })
  let matches: Uint32Array | null = null
  for (const check of checks) {
    const matcher = new PhraseMatcher(text, check.tokens, check.slop, check.mask)
    if (matches === null) matches = matcher.collect()
    else matches = matches.subarray(0, matcher.filter(matches, matches.length))
  }
  return matches ?? Uint32Array.from(candidates, (_, i) => i)
}
