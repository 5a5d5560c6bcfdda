/**
 * One DNS observation as a row of the `mx` or `txt` table: the observation itself (JSON, returned
 * verbatim) and, per item, the keys each DNS rule compares, computed with the embedded index's own
 * functions (day numbers, host keys, tokenizer), so both engines see the same values.
 *
 * Columns (see schema.ts for the types):
 *   id, day, apex    sort and window keys; the apex is the host key of the first item's value
 *   item_context, item_type, item_meta, item_value   each item as loaded (summaries count item_value)
 *   item_lower       the value lower-cased by `toLowerCase` (type=value)
 *   item_text        for items not of type host: ' t1 t2 … ' (type:value and txt, a substring test)
 *   item_host        for host items: the host key (host:value suffix, host=value, nameserver)
 * Items that are not `{context, type, value: string, is_metadata: boolean}` are left out of the
 * item columns, as the embedded index leaves them out of matching; the record keeps them.
 * Text other than tokens is stored through `sortableText`, so that equality, suffixes and order in
 * SQL are those of JavaScript strings.
 */
import { tokenize } from '../analysis/tokenize.js'
import { dayNumber } from '../indexes/dns/day.js'
import { hostKey } from '../indexes/dns/host-key.js'
import { isItem } from '../indexes/dns/intern-tables.js'
import type { Observation } from '../types.js'
import { sortableText } from './sortable-text.js'

/**
 * The JSONEachRow line of one observation.
 *
 * @param observation - a loaded observation
 * @returns one line of JSON, newline-terminated
 * @example
 * ```ts
 * observationRow({ date: '2024-01-02', id: 'a', items: [{ context: '', is_metadata: true, type: 'host', value: 'A.com' }] })
 * // '{"id":"a","day":19724,"apex":"a.com","item_context":[""],...}\n'
 * ```
 */
export function observationRow(observation: Observation): string {
  const day = typeof observation.date === 'string' ? dayNumber(observation.date) : Number.NaN
  const list: readonly unknown[] = Array.isArray(observation.items) ? observation.items : []
  const first = list[0]
  const row = {
    id: sortableText(typeof observation.id === 'string' ? observation.id : String(observation.id)),
    day: Number.isNaN(day) ? 0 : day,
    apex: sortableText(hostKey(isItem(first) ? first.value : '')),
    item_context: [] as string[],
    item_type: [] as string[],
    item_meta: [] as number[],
    item_value: [] as string[],
    item_lower: [] as string[],
    item_text: [] as string[],
    item_host: [] as string[],
    record: JSON.stringify(observation),
  }
  for (const item of list) {
    if (!isItem(item)) continue
    const host = item.type === 'host'
    row.item_context.push(sortableText(item.context))
    row.item_type.push(sortableText(item.type))
    row.item_meta.push(item.is_metadata ? 1 : 0)
    row.item_value.push(sortableText(item.value))
    row.item_lower.push(sortableText(item.value.toLowerCase()))
    row.item_text.push(host ? '' : ` ${tokenize(item.value).join(' ')} `)
    row.item_host.push(host ? sortableText(hostKey(item.value)) : '')
  }
  return `${JSON.stringify(row)}\n`
}
