/**
 * The nesting bound of input records. Every stage after parsing walks a record recursively: the
 * exact-pack check (indexes/exact-pack.ts), msgpackr's encoder and decoder, the V8 serializer, the
 * snapshot writer's split (snapshot/split-state.ts), `structuredClone` of a verbatim observation.
 * JSON.parse reads any depth, but a record nested ~1,420 levels deep overflowed the calling
 * thread's stack in those walks and aborted the whole build. So each record is checked once, as it
 * is parsed, against a bound far above real records (WHOIS and DNS records nest 3 or 4 levels)
 * and far below any stack's limit, and a deeper record is a reject: every later walk is bounded.
 */

/**
 * How many levels of objects and arrays a record may nest, the record itself being the first.
 *
 * @example
 * ```ts
 * nestsWithin({ a: [[1]] }, MAX_NESTING) // true: 3 levels
 * ```
 */
export const MAX_NESTING = 256

/**
 * Whether a value nests at most `levels` levels of objects and arrays (a scalar nests none, `{}`
 * and `[]` one). The recursion stops one level past `levels`, so it is itself bounded.
 *
 * @param value - what JSON.parse returned
 * @param levels - the most levels allowed
 * @example
 * ```ts
 * nestsWithin({ a: { b: 1 } }, 2) // true
 * nestsWithin([[[]]], 2)          // false
 * ```
 */
export function nestsWithin(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return true
  if (levels === 0) return false
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      if (typeof item === 'object' && item !== null && !nestsWithin(item, levels - 1)) return false
    }
    return true
  }
  const fields = value as Record<string, unknown>
  for (const key in fields) {
    const item = fields[key]
    if (typeof item === 'object' && item !== null && !nestsWithin(item, levels - 1)) return false
  }
  return true
}
