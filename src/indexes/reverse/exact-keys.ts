/**
 * The comparison keys of the exact-value criteria: a stored value and a query value match when
 * their keys are equal. The index stores keys (exact-terms.ts), the validator reduces the query to
 * one (query/reverse-params.ts), and the ClickHouse export stores the same keys, so every engine
 * compares the same strings. White space is what `\s` matches in JavaScript (and what `trim()`
 * removes): Unicode's White_Space characters, the no-break and ideographic spaces included, plus
 * the BOM (U+FEFF).
 */

const ASCII = /^[\x00-\x7f]*$/
const SPACE = /\s+/g

/**
 * The key of a postal code (SPEC 5): NFKC (so full-width `１０１` equals `101`), lower case, every
 * white-space character removed. Punctuation such as `-` is kept: `SW1A 1AA` equals `sw1a1aa`, but
 * `12345-6789` does not equal `123456789`.
 *
 * @param text - a stored or queried postal code
 * @example
 * ```ts
 * postalKey(' SW1A 1AA ') // 'sw1a1aa'
 * ```
 */
export function postalKey(text: string): string {
  const folded = ASCII.test(text) ? text : text.normalize('NFKC')
  return folded.toLowerCase().replace(SPACE, '')
}

/**
 * The key of a contact `email` (SPEC 14): trimmed and lower-cased, nothing else (no NFKC: an
 * address is compared as written, only its case and surrounding white space ignored). A blank
 * value gives `''`, which is never indexed and never queried.
 *
 * @param text - a stored or queried e-mail address
 * @example
 * ```ts
 * emailKey('  Info@ACME.com\t') // 'info@acme.com'
 * ```
 */
export function emailKey(text: string): string {
  return text.trim().toLowerCase()
}

/**
 * The key of a `domain.registrar_name` (SPEC 14): NFKC, lower case, NFKC again, every run of white
 * space one space, trimmed. The second NFKC makes the key normalised text: lower-casing can leave
 * a sequence NFKC composes (`J` + U+030C lower-cases to `j` + U+030C, which is `ǰ`), and without it
 * `J̌` and `ǰ` would differ. The key of a key is itself (a snapshot check relies on it).
 *
 * @param text - a stored or queried registrar name
 * @example
 * ```ts
 * registrarKey(' GoDaddy.com,\u00a0 LLC ') // 'godaddy.com, llc'
 * registrarKey('ＧｏＤａｄｄｙ.com, LLC')     // 'godaddy.com, llc'
 * ```
 */
export function registrarKey(text: string): string {
  const folded = ASCII.test(text)
    ? text.toLowerCase()
    : text.normalize('NFKC').toLowerCase().normalize('NFKC')
  return folded.replace(SPACE, ' ').trim()
}
