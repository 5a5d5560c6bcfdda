/**
 * The model of an engine's inputs across updates (SPEC 12): the input lines that survive, in load
 * order. An update drops the earlier lines of every removed key, then appends its new lines; a
 * build over the surviving lines ("later wins" inside one build) is what the updated engine must
 * answer like. The model also counts what `stats().removed` must report.
 */
import { normalizeHost } from '../../src/normalize/host.js'
import type { DnsKind, Observation, WhoisRecord } from '../../src/types.js'

/** A WHOIS input line with its key (the normalised domain). */
export interface WhoisLine {
  readonly key: string
  readonly record: WhoisRecord
}

/** A DNS input line with the kind its file declares. */
export interface DnsLine {
  readonly kind: DnsKind
  readonly observation: Observation
}

/** Every surviving input line, in load order. */
export interface Inputs {
  readonly whois: readonly WhoisLine[]
  readonly dns: readonly DnsLine[]
}

/** The input files of a build or an update, in source order. */
export interface InputFiles {
  readonly whois: readonly (readonly WhoisRecord[])[]
  readonly dns: readonly { readonly kind: DnsKind; readonly observations: readonly Observation[] }[]
}

/** The keys an update removes, as written (`remove` of `UpdateOptions`). */
export interface Removal {
  readonly whois: readonly string[]
  readonly dns: readonly string[]
}

/** `stats().removed`. */
export interface RemovedCounts {
  whois: number
  observations: number
  notHeld: number
}

export const NOTHING_REMOVED: RemovedCounts = { whois: 0, observations: 0, notHeld: 0 }

/** No input lines. */
export const NO_INPUTS: Inputs = { whois: [], dns: [] }

/**
 * The key of a WHOIS record: `domain.name`, else `query`, normalised like a host (SPEC 2, 3).
 *
 * @example
 * ```ts
 * whoisKey({ domain: { name: 'BÜCHER.de.' } }) // 'xn--bcher-kva.de'
 * ```
 */
export function whoisKey(record: WhoisRecord): string {
  return hostKey(String(record.domain?.name ?? record.query))
}

/** A host normalised as SPEC 3 says; the generators write only valid hosts. */
export function hostKey(host: string): string {
  const result = normalizeHost(host)
  if (!result.ok) throw new Error(`test model: ${JSON.stringify(host)} is not a host (${result.reason})`)
  return result.host
}

/** The lines of input files, in load order. */
export function linesOf(files: InputFiles): Inputs {
  return {
    whois: files.whois.flatMap((file) => file.map((record) => ({ key: whoisKey(record), record }))),
    dns: files.dns.flatMap((file) =>
      file.observations.map((observation) => ({ kind: file.kind, observation })),
    ),
  }
}

/**
 * The inputs after an update: earlier lines less the removed keys, then the new lines; and what the
 * removal counts (a key is held when a surviving line carries it before the update).
 */
export function applyUpdate(
  before: Inputs,
  removal: Removal,
  files: InputFiles,
): { inputs: Inputs; removed: RemovedCounts } {
  const heldDomains = new Set(before.whois.map((line) => line.key))
  const heldIds = new Set(before.dns.map((line) => line.observation.id))
  const goneDomains = new Set(removal.whois.map(hostKey))
  const goneIds = new Set(removal.dns)
  const removed = { ...NOTHING_REMOVED }
  for (const key of goneDomains) {
    if (heldDomains.has(key)) removed.whois++
    else removed.notHeld++
  }
  for (const id of goneIds) {
    if (heldIds.has(id)) removed.observations++
    else removed.notHeld++
  }
  const added = linesOf(files)
  return {
    inputs: {
      whois: [...before.whois.filter((line) => !goneDomains.has(line.key)), ...added.whois],
      dns: [...before.dns.filter((line) => !goneIds.has(line.observation.id)), ...added.dns],
    },
    removed,
  }
}

/** `whoisReplaced` and `observationsReplaced` of the load stats. */
export interface ReplacedCounts {
  whoisReplaced: number
  observationsReplaced: number
}

/**
 * What the new lines replace (SPEC 2, 12): a line whose key an earlier new line carries, or that
 * the engine holds after the removals (a key removed and brought back in one update replaces
 * nothing). An observation id replaces across kinds.
 */
export function replacedBy(before: Inputs, removal: Removal, files: InputFiles): ReplacedCounts {
  const goneDomains = new Set(removal.whois.map(hostKey))
  const goneIds = new Set(removal.dns)
  const heldDomains = new Set(before.whois.map((l) => l.key).filter((key) => !goneDomains.has(key)))
  const heldIds = new Set(before.dns.map((l) => l.observation.id).filter((id) => !goneIds.has(id)))
  const added = linesOf(files)
  const count = (keys: readonly string[], held: Set<string>): number => {
    let replaced = 0
    for (const key of keys) {
      if (held.has(key)) replaced++
      held.add(key)
    }
    return replaced
  }
  return {
    whoisReplaced: count(
      added.whois.map((l) => l.key),
      heldDomains,
    ),
    observationsReplaced: count(
      added.dns.map((l) => l.observation.id),
      heldIds,
    ),
  }
}

/** Adds removal counts. */
export function addRemoved(a: RemovedCounts, b: RemovedCounts): RemovedCounts {
  return {
    whois: a.whois + b.whois,
    observations: a.observations + b.observations,
    notHeld: a.notHeld + b.notHeld,
  }
}

/**
 * Surviving lines as the files of one equivalent build: every WHOIS line in one file, DNS lines in
 * runs of one kind (each run a file declaring its kind), so that load order is kept across kinds.
 */
export function referenceFiles(inputs: Inputs): InputFiles {
  const dns: { kind: DnsKind; observations: Observation[] }[] = []
  for (const line of inputs.dns) {
    const last = dns.at(-1)
    if (last !== undefined && last.kind === line.kind) last.observations.push(line.observation)
    else dns.push({ kind: line.kind, observations: [line.observation] })
  }
  return { whois: inputs.whois.length === 0 ? [] : [inputs.whois.map((line) => line.record)], dns }
}
