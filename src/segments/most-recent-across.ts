/**
 * `most_recent` over the segments of an engine (SPEC 6, SPEC 12): an observation is most recent
 * when its day is its apex's newest day among the live observations of every segment within the
 * window. A segment's own `latestBits` knows neither its deleted observations nor the other
 * segments, so this adds both:
 * - apex groups: an apex held by several segments, found once per engine by looking up every apex
 *   of the smaller segments in the largest one (and in each other, through one map), so the work
 *   is proportional to the smaller segments, as an update's is;
 * - without a date window, one bitset per segment (its latestBits with deletions and groups
 *   applied), computed on first use and kept: the query then costs what it costs on one segment;
 * - with a window, each candidate's apex is checked against its group's newest live day in the
 *   window, read from each member's apex list (newest first).
 */
import { entryAt, entryCount } from '../indexes/byte-table.js'
import type { DeletedDocs } from '../indexes/deleted-docs.js'
import type { DnsIndex } from '../indexes/dns/dns-index.js'
import { findNode } from '../indexes/dns/label-trie.js'
import type { DnsState } from '../indexes/dns/state.js'

/** One segment's index of a kind with its deletions. */
export interface DnsPart {
  readonly index: DnsIndex
  readonly deleted: DeletedDocs
}

/** No live observation of the apex in the window. */
const NO_DAY = -0x80000000

interface Groups {
  /** Per part: local apex key → group. */
  readonly of: readonly Map<number, number>[]
  /** Per group: [part, apex, part, apex, …]. */
  readonly members: readonly number[][]
}

/**
 * The most-recent rule over several segments of one kind.
 *
 * @example
 * ```ts
 * const mr = new MostRecentAcross(parts)
 * mr.latestBits(0) // bit o set when ordinal o of part 0 is live and most recent
 * ```
 */
export class MostRecentAcross {
  readonly #parts: readonly DnsPart[]
  #groups: Groups | null = null
  readonly #latest: (Uint32Array | null)[]

  /** @param parts - the segments' indexes of one kind, with their deletions */
  constructor(parts: readonly DnsPart[]) {
    this.#parts = parts
    this.#latest = parts.map(() => null)
  }

  /**
   * Bit o (word o >>> 5) set when ordinal o of a part is live and most recent without a window.
   *
   * @param part - the part's position
   */
  latestBits(part: number): Uint32Array {
    let bits = this.#latest[part]
    if (bits === undefined || bits === null) {
      bits = this.#computeLatest(part)
      this.#latest[part] = bits
    }
    return bits
  }

  /**
   * Whether live ordinal o of a part, inside the window, is most recent within the window.
   *
   * @param part - the part's position
   * @param o - a live ordinal within `windows[part]`
   * @param windows - each part's window [lo, hi) as ordinals: `windows[2p]`, `windows[2p + 1]`
   */
  inWindow(part: number, o: number, windows: readonly number[]): boolean {
    const state = (this.#parts[part] as DnsPart).index.state
    const apex = state.apexOf.at(o)
    const day = state.days.at(o)
    if (this.#newest(part, apex, windows[2 * part] as number, windows[2 * part + 1] as number) !== day)
      return false
    const g = this.#groupsOf().of[part]?.get(apex)
    if (g === undefined) return true
    const members = this.#groupsOf().members[g] as number[]
    for (let k = 0; k < members.length; k += 2) {
      const p = members[k] as number
      if (p === part) continue
      const newest = this.#newest(
        p,
        members[k + 1] as number,
        windows[2 * p] as number,
        windows[2 * p + 1] as number,
      )
      if (newest > day) return false
    }
    return true
  }

  // The newest live day of an apex within ordinals [lo, hi) of a part, or NO_DAY.
  #newest(part: number, apex: number, lo: number, hi: number): number {
    const { index, deleted } = this.#parts[part] as DnsPart
    const state = index.state
    const end = state.apexStart.at(apex + 1)
    for (let k = state.apexObs.lowerBound(lo, state.apexStart.at(apex), end); k < end; k++) {
      const o = state.apexObs.at(k)
      if (o >= hi) return NO_DAY
      if (!deleted.has(o)) return state.days.at(o)
    }
    return NO_DAY
  }

  #computeLatest(part: number): Uint32Array {
    const { index, deleted } = this.#parts[part] as DnsPart
    const state = index.state
    const n = state.days.length
    const bits = new Uint32Array(state.latestBits.length)
    if (deleted.count === 0) state.latestBits.copy(0, bits.length, bits, 0)
    else {
      for (let apex = 0; apex < entryCount(state.hosts); apex++)
        setNewest(state, deleted, apex, bits, this.#newest(part, apex, 0, n))
    }
    const groups = this.#groupsOf()
    for (const [apex, g] of groups.of[part] ?? []) {
      const members = groups.members[g] as number[]
      let best = NO_DAY
      for (let k = 0; k < members.length; k += 2) {
        const p = members[k] as number
        const size = (this.#parts[p] as DnsPart).index.size
        best = Math.max(best, this.#newest(p, members[k + 1] as number, 0, size))
      }
      if (this.#newest(part, apex, 0, n) < best) clearApex(state, apex, bits)
    }
    return bits
  }

  #groupsOf(): Groups {
    this.#groups ??= apexGroups(this.#parts)
    return this.#groups
  }
}

function setNewest(
  state: DnsState,
  deleted: DeletedDocs,
  apex: number,
  bits: Uint32Array,
  day: number,
): void {
  if (day === NO_DAY) return
  const end = state.apexStart.at(apex + 1)
  for (let k = state.apexStart.at(apex); k < end; k++) {
    const o = state.apexObs.at(k)
    const d = state.days.at(o)
    if (d < day) return
    if (d === day && !deleted.has(o)) bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
  }
}

function clearApex(state: DnsState, apex: number, bits: Uint32Array): void {
  const end = state.apexStart.at(apex + 1)
  for (let k = state.apexStart.at(apex); k < end; k++) {
    const o = state.apexObs.at(k)
    bits[o >>> 5] = (bits[o >>> 5] as number) & ~(1 << (o & 31))
  }
}

// The apexes held by more than one part: those of every part but the largest go through one map
// by their key; each is then looked up once in the largest part's label trie.
function apexGroups(parts: readonly DnsPart[]): Groups {
  let largest = 0
  for (let p = 1; p < parts.length; p++) {
    if ((parts[p] as DnsPart).index.size > (parts[largest] as DnsPart).index.size) largest = p
  }
  const byKey = new Map<string, number[]>()
  for (let p = 0; p < parts.length; p++) {
    if (p === largest) continue
    const state = (parts[p] as DnsPart).index.state
    for (let apex = 0; apex < entryCount(state.hosts); apex++) {
      if (state.apexStart.at(apex + 1) === state.apexStart.at(apex)) continue
      const key = entryAt(state.hosts, apex)
      const members = byKey.get(key)
      if (members === undefined) byKey.set(key, [p, apex])
      else members.push(p, apex)
    }
  }
  const big = (parts[largest] as DnsPart | undefined)?.index.state
  const of = parts.map(() => new Map<number, number>())
  const groups: number[][] = []
  for (const [key, members] of byKey) {
    if (big !== undefined) {
      const node = findNode(big, big.hosts, key)
      const apex = node < 0 ? -1 : big.trieHost.at(node)
      if (apex >= 0 && big.apexStart.at(apex + 1) !== big.apexStart.at(apex)) members.push(largest, apex)
    }
    if (members.length < 4) continue
    const g = groups.length
    groups.push(members)
    for (let k = 0; k < members.length; k += 2)
      (of[members[k] as number] as Map<number, number>).set(members[k + 1] as number, g)
  }
  return { of, members: groups }
}
