import { readFileSync } from 'node:fs'
import { it } from 'vitest'
import { tokenize } from '../../src/analysis/tokenize.js'
import { ReverseIndex } from '../../src/indexes/reverse-index.js'
import { normalizeDate } from '../../src/normalize/date.js'
import { parseReverseParams } from '../../src/query/reverse-params.js'
import type { WhoisRecord } from '../../src/types.js'
import { inResultOrder } from './corpus.js'
import { contactValues, referenceSearch } from './reference.js'
it('debug', async () => {
  const records = readFileSync('/work/shared/real-data/whois_records.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l) as WhoisRecord)
  for (const r of records) { const d = r.domain ?? {}; for (const f of ['created', 'updated', 'expires'] as const) { const raw = d[f]; d[`${f}_norm`] = typeof raw === 'string' ? normalizeDate(raw) : null } }
  const ordered = inResultOrder(records)
  const r = ordered[408]!
  let pos = 0
  for (const [f, v] of contactValues(r)) { const t = tokenize(v); if (t.length === 0) continue; console.log(pos, f, JSON.stringify(v), t.join('|')); pos += t.length + 100 }
  const full = ReverseIndex.build(ordered)
  const text = (full as unknown as { state: { text: { positions: { termStart: Uint32Array; docs: Uint32Array; payloadStart: Uint32Array; payload: Uint16Array } } } }).state.text.positions
  const { TermDictionary } = await import('../../src/indexes/term-dictionary.js')
  const dict = new TermDictionary((full.state as any).text.dictionary)
  for (const term of ['g', 't']) {
    const id = dict.get(term)
    for (let e = text.termStart[id]!; e < text.termStart[id + 1]!; e++) if (text.docs[e] === 408) console.log(term, id, e, Array.from(text.payload.subarray(text.payloadStart[e], text.payloadStart[e + 1])).map((c) => [c >> 2, c & 3]))
  }
  console.log(text.payload.constructor.name)
  const idT = dict.get('t')
  console.log('t id', idT, 'df', text.termStart[idT + 1]! - text.termStart[idT]!, Array.from(text.docs.subarray(text.termStart[idT], text.termStart[idT + 1])).filter((d) => d > 380 && d < 420))
  for (let n = 1; n <= 409; n++) {
    const sub = ReverseIndex.build(ordered.slice(408 - n + 1, 409))
    const got = Array.from(sub.search(parseReverseParams({ phrase: 't' })))
    if (!got.includes(n - 1)) { console.log('breaks with prefix of', n, 'first doc', 408 - n + 1); break }
  }
  const one = [r]
  console.log(Array.from(ReverseIndex.build(one).search(parseReverseParams({ phrase: 'g t', slop: 1 }))), referenceSearch(one, { phrase: 'g t', slop: 1 }))
})
