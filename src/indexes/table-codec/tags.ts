/**
 * The byte layout of a table-coded value (table-encoder.ts writes it, table-decoder.ts reads it):
 * JSON data as a tag byte and its operands, with every string that recurs across a chunk's values
 * replaced by its number in the chunk's string table, every string repeated within one value by a
 * reference to its first occurrence, registry instants by their seconds, and objects by the number
 * of their key list (shape), so neither keys nor common values are stored more than once a chunk.
 *
 *   tag          operands              value
 *   00–7F                              table string 0–127
 *   80–9F        byte b                table string 128 + (tag − 0x80) · 256 + b
 *   A0–BF        UTF-8 bytes           a string of 0–31 bytes
 *   C0 STRING    varint n, n bytes     a longer string
 *   C1 TABLE     varint i              table string 8320 + i
 *   C2 AGAIN     varint i              the i-th string read inline in this value (every string
 *                                      that is not a table string counts, a SPLIT's parts before it)
 *   C3 NULL, C4 FALSE, C5 TRUE
 *   C6 FLOAT     8 bytes, little end   any other number (-0, fractions, beyond 2^53)
 *   C7 NATURAL   varint n              the integer n ≥ 47
 *   C8 NEGATIVE  varint n              the integer −n − 1
 *   C9 ARRAY     varint n, n values    an array
 *   CA OBJECT    varint s, values      an object with shape s's keys, values in key order
 *   CB INSTANT   varint zigzag(t)      the string `YYYY-MM-DDTHH:MM:SSZ` of t seconds since 1970
 *   CC SPLIT     string, string        the two strings joined (a local part and a table `@domain`,
 *                                      a number and a table `_DOMAIN_COM-VRSN`, a label and a table
 *                                      `.ns.cloudflare.com`)
 *   CD NIBBLES   varint n, ⌈n/2⌉ bytes  an ASCII string of n symbols, 4 bits each (nibbles.ts)
 *   D0–FE                              the integers 0–46
 *   FF           V8 serializer output  a value that is not JSON data (only as a value's first byte)
 * Varints are unsigned LEB128 of up to 53 bits.
 */

/** Strings 0–127 of the table are their own tag. */
export const TABLE_ONE_BYTE = 0x80
/** Tags 0x80–0x9F and one more byte: table strings 128–8319. */
export const TABLE_TWO_BYTES = 0x80
/** The first table string that takes the TABLE tag and a varint. */
export const TABLE_LONG = TABLE_ONE_BYTE + 32 * 256
/** Tags 0xA0 + n: an inline string of n < 32 bytes. */
export const SHORT_STRING = 0xa0
/** The longest string with its length in the tag. */
export const SHORT_STRING_MAX = 31
export const STRING = 0xc0
export const TABLE = 0xc1
export const AGAIN = 0xc2
export const NULL = 0xc3
export const FALSE = 0xc4
export const TRUE = 0xc5
export const FLOAT = 0xc6
export const NATURAL = 0xc7
export const NEGATIVE = 0xc8
export const ARRAY = 0xc9
export const OBJECT = 0xca
export const INSTANT = 0xcb
export const SPLIT = 0xcc
export const NIBBLES = 0xcd
/** Tags 0xD0 + n: the integer n, 0 ≤ n ≤ {@link SMALL_MAX}. */
export const SMALL = 0xd0
export const SMALL_MAX = 46
/** The first byte of a value kept by the V8 serializer (its own version tag). */
export const V8 = 0xff
