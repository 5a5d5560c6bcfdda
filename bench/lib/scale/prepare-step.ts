/**
 * The prepare step of the scale benchmark: one pass over the corpus through the loader's checks and
 * normalisation that computes every record's result-order rank (ranks.ts) and picks the query
 * families from the data, with the rules of bench/reverse.bench.ts and bench/dns.bench.ts (terms
 * sampled in result order), so every step asks the same questions. Memory: the keys, creation
 * instants and family fields of the WHOIS records (~0.5 KB a record), the ids and days of the
 * observations and the MX apexes (~0.15 KB an observation): about 8 GB at 10M records.
 */
import { streamSources } from '../../../src/ingest/stream.js'
import type { Sources, WhoisRecord } from '../../../src/types.js'
import { apexOf, samplePositions } from '../dns-families.js'
import { familyFields, reverseFamilies } from '../reverse-families.js'
import { observationDay, observationRanks, whoisRanks, writeRanks } from './ranks.js'
import { type FamilyChoice, writeFamilies } from './run-files.js'

/** The host family's size, as in bench/dns.bench.ts. */
const HOST_QUERIES = 200

/** What the prepare step reports. */
export interface PrepareResult {
  whois: number
  mx: number
  txt: number
  families: FamilyChoice
  maxRss: number
}

/** Growable list of int32 day numbers (a JS array of 15M numbers would cost twice as much). */
class Days {
  values = new Int32Array(1 << 16)
  length = 0
  push(day: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2)
      grown.set(this.values)
      this.values = grown
    }
    this.values[this.length++] = day
  }
}

/**
 * Computes and writes the ranks and the families of a corpus.
 *
 * @param sources - the corpus
 * @param dir - the run directory
 */
export async function prepareStep(sources: Sources, dir: string): Promise<PrepareResult> {
  const keys: string[] = []
  const created: string[] = []
  const fields: WhoisRecord[] = []
  const observations = {
    mx: { ids: [] as string[], days: new Days() },
    txt: { ids: [] as string[], days: new Days() },
  }
  const mxApexes: string[] = []
  await streamSources(sources, {
    onWhois: (key, record) => {
      keys.push(key)
      const c = record.domain?.created_norm
      created.push(typeof c === 'string' ? c : '')
      fields.push(familyFields(record))
    },
    onObservation: (kind, id, o) => {
      observations[kind].ids.push(id)
      observations[kind].days.push(observationDay(o))
      if (kind === 'mx') mxApexes.push(apexOf(o))
    },
  })
  const ranks = whoisRanks(keys, created)
  writeRanks(dir, 'whois', ranks)
  const inOrder: WhoisRecord[] = new Array(ranks.length)
  for (let i = 0; i < ranks.length; i++) inOrder[ranks[i] as number] = fields[i] as WhoisRecord
  fields.length = 0
  const reverse = reverseFamilies(inOrder)

  let mxOrder: string[] = []
  for (const kind of ['mx', 'txt'] as const) {
    const { ids, days } = observations[kind]
    const kindRanks = observationRanks(ids, days.values.subarray(0, days.length))
    writeRanks(dir, kind, kindRanks)
    if (kind === 'mx') {
      mxOrder = new Array(kindRanks.length)
      for (let i = 0; i < kindRanks.length; i++) mxOrder[kindRanks[i] as number] = mxApexes[i] as string
    }
  }
  const apexSample = samplePositions(mxOrder.length, HOST_QUERIES).map((p) => mxOrder[p] as string)
  const families: FamilyChoice = { reverse, apexSample }
  writeFamilies(dir, families)
  return {
    whois: keys.length,
    mx: observations.mx.ids.length,
    txt: observations.txt.ids.length,
    families,
    maxRss: process.resourceUsage().maxRSS * 1024,
  }
}
