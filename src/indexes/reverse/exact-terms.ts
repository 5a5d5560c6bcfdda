/**
 * Which documents hold a value whose key is exactly this? The structure of the exact-value
 * criteria (postal code, email, registrar): the distinct keys of the values (exact-keys.ts) in a
 * term dictionary, with postings of document ids and no payload.
 *
 * Layout: `dictionary` maps a key to its id (term-dictionary.ts); `postings` lists, per key id,
 * the ascending documents holding a value with that key (postings.ts, payload empty).
 * Invariants: every key is non-empty; a document is listed once per key, however many of its
 * values share the key.
 */

import { TermDictionary, TermDictionaryBuilder, type TermDictionaryState } from '../term-dictionary.js'
import { DocTexts } from './doc-texts.js'
import { packPostings } from './packed-postings.js'
import { PostingsBuilder } from './postings.js'
import type { StoredPostings } from './term-lists.js'

/** The plain-data state of {@link ExactTerms}. */
export interface ExactTermsState {
  readonly dictionary: TermDictionaryState
  readonly postings: StoredPostings
}

/**
 * Value keys with the documents holding them.
 *
 * @example
 * ```ts
 * const b = new ExactTermsBuilder(emailKey)
 * b.startDoc(0); b.addValue(' Info@Acme.com'); b.endDoc()
 * b.finish().dictionary.get('info@acme.com') // 0
 * ```
 */
export class ExactTerms {
  /** Key → id. */
  readonly dictionary: TermDictionary
  /** Key id → documents. */
  readonly postings: StoredPostings

  /** @param state - as {@link ExactTerms.state} or a saved snapshot gives it */
  constructor(state: ExactTermsState) {
    this.dictionary = new TermDictionary(state.dictionary)
    this.postings = state.postings
  }

  /** The plain data of this index. */
  get state(): ExactTermsState {
    return { dictionary: this.dictionary.state, postings: this.postings }
  }
}

/**
 * Builds {@link ExactTerms} from documents' values in id order.
 *
 * @example
 * ```ts
 * const b = new ExactTermsBuilder(postalKey)
 * b.startDoc(0); b.addValue('94043'); b.endDoc(); b.finish()
 * ```
 */
export class ExactTermsBuilder {
  readonly #keyOf: (text: string) => string
  readonly #dictionary = new TermDictionaryBuilder()
  readonly #postings = new PostingsBuilder(false)
  // The document's values so far: contacts usually repeat one value, which needs no second key.
  readonly #seen = new DocTexts()

  /** @param keyOf - the values' key (exact-keys.ts); a value whose key is `''` is not indexed */
  constructor(keyOf: (text: string) => string) {
    this.#keyOf = keyOf
  }

  /** Starts document `doc` (ascending). */
  startDoc(doc: number): void {
    this.#postings.startDoc(doc)
    this.#seen.clear()
  }

  /** Adds one value of the current document. */
  addValue(text: string): void {
    if (this.#seen.indexOf(text) >= 0) return
    this.#seen.add(text)
    const key = this.#keyOf(text)
    if (key.length > 0) this.#postings.add(this.#dictionary.intern(key), 0)
  }

  /** Ends the current document. */
  endDoc(): void {
    this.#postings.endDoc()
  }

  /** Lays out the postings and freezes the dictionary. */
  finish(): ExactTerms {
    const dictionary = this.#dictionary.freeze()
    return new ExactTerms({
      dictionary: dictionary.state,
      postings: packPostings(this.#postings.finish(dictionary.size)),
    })
  }
}
