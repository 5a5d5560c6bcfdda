/**
 * An exact, order-preserving encoding of JavaScript strings as well-formed Unicode text, for the
 * stored text that ClickHouse compares, groups or sorts (ids, item values, types, contexts).
 *
 * Why: the embedded engine compares strings by UTF-16 code units and accepts any string, lone
 * surrogates included. ClickHouse compares UTF-8 bytes, which is code point order; the two orders
 * differ only between a surrogate pair (U+10000 and up) and U+E000…U+FFFF, and a lone surrogate has
 * no UTF-8 form at all. So each code unit u maps to the code point u (below U+D800) or u + 0x800
 * (U+D800…U+FFFF, which lands on U+E000…U+107FF, all valid scalar values). The map is injective
 * and preserves order, so byte order in ClickHouse equals code-unit order in JavaScript; text
 * without code units at or above U+D800 (nearly all real data) is unchanged.
 */

/**
 * Encodes a string so that ClickHouse's byte order is JavaScript's code-unit order.
 *
 * @param text - any string
 * @returns well-formed text; equal to `text` when it has no code unit at or above U+D800
 * @example
 * ```ts
 * sortableText('mx.example.com') // 'mx.example.com'
 * sortableText('\ud800')         // '\ue000'
 * ```
 */
export function sortableText(text: string): string {
  if (!HIGH.test(text)) return text
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    out += unit < 0xd800 ? text[i] : String.fromCodePoint(unit + 0x800)
  }
  return out
}

/**
 * Decodes {@link sortableText}.
 *
 * @param text - text made by `sortableText`
 * @returns the original string
 * @example
 * ```ts
 * fromSortableText('\ue000') // '\ud800'
 * ```
 */
export function fromSortableText(text: string): string {
  if (!HIGH.test(text)) return text
  let out = ''
  for (const char of text) {
    const point = char.codePointAt(0) as number
    out += point < 0xe000 ? char : String.fromCharCode(point - 0x800)
  }
  return out
}

const HIGH = /[\ud800-\uffff]/
