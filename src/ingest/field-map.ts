/**
 * The `fields` option of a load (issue 26, item 3): fields of the input copied, record by record,
 * to the fields domindex reads, before the record is checked: `{ 'domain.registrar':
 * 'domain.registrar_name' }` makes the registrar criterion, pivots and suggestions see what
 * python-whois writes as `registrar`. A value is copied only when the record holds it (not null)
 * and does not hold the target already, so records that carry both keep their own; the source
 * field stays as it was (the record is what was loaded, plus the copy). Paths are a top-level
 * field or `section.field`, the target's section one of the record's (`domain`, `registrant`,
 * `admin`, `tech`, `billing`) or the top-level `query` and `server`.
 */

/** Source path → target path. */
export type FieldMap = Readonly<Record<string, string>>

const SECTIONS = ['domain', 'registrant', 'admin', 'tech', 'billing']
const TOP_TARGETS = ['query', 'server']
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])
const hasOwn = Object.prototype.hasOwnProperty

/**
 * Checks a field map and returns it as pairs of split paths.
 *
 * @param map - the option as given
 * @param name - what to call it in errors (`fields`, `--fields`)
 * @throws TypeError naming the option and the entry that is not a path pair domindex can copy
 * @example
 * ```ts
 * fieldPairs({ 'domain.registrar': 'domain.registrar_name' }) // [[['domain', 'registrar'], ['domain', 'registrar_name']]]
 * ```
 */
export function fieldPairs(map: unknown, name = 'fields'): [string[], string[]][] {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) {
    throw new TypeError(
      `domindex: ${name} must be an object of "from": "to" field paths, got ${JSON.stringify(map)}`,
    )
  }
  return Object.entries(map as Record<string, unknown>).map(([from, to]) => {
    const problem = (why: string): TypeError =>
      new TypeError(`domindex: ${name}: ${JSON.stringify(from)} → ${JSON.stringify(to)}: ${why}`)
    if (typeof to !== 'string') throw problem('the target must be a field path')
    const source = from.split('.')
    const target = to.split('.')
    for (const path of [source, target]) {
      if (path.length > 2 || path.some((step) => step === '' || UNSAFE.has(step)))
        throw problem('a path is a top-level field or section.field')
    }
    const ok =
      target.length === 2 ? SECTIONS.includes(target[0] as string) : TOP_TARGETS.includes(target[0] as string)
    if (!ok)
      throw problem(`the target must be a field of ${SECTIONS.join(', ')}, or ${TOP_TARGETS.join(' or ')}`)
    if (from === to) throw problem('a field copied onto itself')
    return [source, target]
  })
}

/**
 * Copies each mapped field of a record (a parsed JSON object) to its target, where the record
 * holds the source and not the target. A section the record lacks is made; one that is not an
 * object is left alone (the record's check rejects it).
 *
 * @example
 * ```ts
 * const record = { domain: { name: 'a.com', registrar: 'R' } }
 * copyFields(record, fieldPairs({ 'domain.registrar': 'domain.registrar_name' }))
 * record.domain.registrar_name // 'R'
 * ```
 */
export function copyFields(record: Record<string, unknown>, pairs: readonly [string[], string[]][]): void {
  for (const [source, target] of pairs) {
    const value = valueAt(record, source)
    if (value === undefined || value === null) continue
    const [head, field] = target as [string, string | undefined]
    if (field === undefined) {
      if (!holds(record, head)) record[head] = value
      continue
    }
    let section = hasOwn.call(record, head) ? record[head] : undefined
    if (section === undefined || section === null) {
      section = {}
      record[head] = section
    }
    if (typeof section !== 'object' || Array.isArray(section)) continue
    if (!holds(section as Record<string, unknown>, field)) (section as Record<string, unknown>)[field] = value
  }
}

function holds(object: Record<string, unknown>, key: string): boolean {
  return hasOwn.call(object, key) && object[key] !== undefined && object[key] !== null
}

function valueAt(record: Record<string, unknown>, path: readonly string[]): unknown {
  const [head, field] = path as [string, string | undefined]
  if (!hasOwn.call(record, head)) return undefined
  const value = record[head]
  if (field === undefined) return value
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  return hasOwn.call(value, field) ? (value as Record<string, unknown>)[field] : undefined
}
