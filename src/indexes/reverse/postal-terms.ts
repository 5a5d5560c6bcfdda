/**
 * Which documents hold a postal code? Exact postal-code terms (SPEC 5: compared after removing
 * spaces and case) in a term dictionary, with postings of document ids and no payload. Values of
 * both spellings of the field, `postal_code` and `postalcode`, are indexed.
 */

import { TermDictionary, TermDictionaryBuilder, type TermDictionaryState } from '../term-dictionary.js'
import { DocTexts } from './doc-texts.js'
import { type Postings, PostingsBuilder } from './postings.js'

const ASCII = /^[\x00-\x7f]*$/
const SPACE = /\s+/g

/**
 * The comparison key of a postal code: NFKC (so full-width `１０１` equals `101`), lower case, every
 * white-space character removed. Punctuation such as `-` is kept: `SW1A 1AA` equals `sw1a1aa`, but
 * `12345-6789` does not equal `123456789`.
 *
 * @example
 * ```ts
 * postalKey(' SW1A 1AA ') // 'sw1a1aa'
 * ```
 */
export function postalKey(text: string): string {
  const folded = ASCII.test(text) ? text : text.normalize('NFKC')
  return folded.toLowerCase().replace(SPACE, '')
}

/** The plain-data state of {@link PostalTerms}. */
export interface PostalTermsState {
  readonly dictionary: TermDictionaryState
  readonly postings: Postings
}

/**
 * Postal-code keys with the documents holding them.
 *
 * @example
 * ```ts
 * const b = new PostalTermsBuilder()
 * b.startDoc(0); b.addValue('SW1A 1AA'); b.endDoc()
 * b.finish().dictionary.get('sw1a1aa') // 0
 * ```
 */
export class PostalTerms {
  /** Postal key → id. */
  readonly dictionary: TermDictionary
  /** Key id → documents. */
  readonly postings: Postings

  /** @param state - as {@link PostalTerms.state} or a saved snapshot gives it */
  constructor(state: PostalTermsState) {
    this.dictionary = new TermDictionary(state.dictionary)
    this.postings = state.postings
  }

  /** The plain data of this index. */
  get state(): PostalTermsState {
    return { dictionary: this.dictionary.state, postings: this.postings }
  }
}

/**
 * Builds {@link PostalTerms} from documents' postal-code values in id order.
 *
 * @example
 * ```ts
 * const b = new PostalTermsBuilder()
 * b.startDoc(0); b.addValue('94043'); b.endDoc(); b.finish()
 * ```
 */
export class PostalTermsBuilder {
  readonly #dictionary = new TermDictionaryBuilder()
  readonly #postings = new PostingsBuilder(false)
  // The document's values so far: contacts usually repeat one postal code, which needs no second key.
  readonly #seen = new DocTexts()

  /** Starts document `doc` (ascending). */
  startDoc(doc: number): void {
    this.#postings.startDoc(doc)
    this.#seen.clear()
  }

  /** Adds one postal-code value of the current document. */
  addValue(text: string): void {
    if (this.#seen.indexOf(text) >= 0) return
    this.#seen.add(text)
    const key = postalKey(text)
    if (key.length > 0) this.#postings.add(this.#dictionary.intern(key), 0)
  }

  /** Ends the current document. */
  endDoc(): void {
    this.#postings.endDoc()
  }

  /** Lays out the postings and freezes the dictionary. */
  finish(): PostalTerms {
    const dictionary = this.#dictionary.freeze()
    return new PostalTerms({ dictionary: dictionary.state, postings: this.#postings.finish(dictionary.size) })
  }
}
