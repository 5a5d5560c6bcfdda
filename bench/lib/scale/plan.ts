/**
 * The plan of a scale-benchmark run, decided before any step: whether the disk holds the corpus and
 * the snapshot, which peers run and where SQLite keeps its databases. Up to 1M records every peer
 * runs in memory; above, each peer's figures at the largest smaller scale in the report are
 * projected (its wall time with the growth exponent measured between the two largest scales, its
 * peak RSS linearly above the process's own base), and a peer runs when it fits the time budget and
 * 75% of the machine's memory, or, for SQLite, the free disk with its databases in files.
 */
import { statfsSync } from 'node:fs'
import { tmpdir, totalmem } from 'node:os'
import { scaleName } from './format.js'
import { project, type ScaleData } from './growth.js'
import type { StepName } from './scale-run.js'

/** The steps that are peers of domindex. */
export const PEERS: StepName[] = ['scan', 'sqlite', 'sqlite-dns', 'flexsearch', 'lucene']
/** The SQLite peers, which may keep their databases in files. */
export const SQLITE_PEERS: StepName[] = ['sqlite', 'sqlite-dns']

/** A mistake in the command line, reported with exit status 2. */
export class UsageError extends Error {}

/**
 * The steps a list option names: `all`, `none`, or names separated by commas.
 *
 * @param given - the option's value
 * @param allowed - the names it may hold
 * @param flag - the option, for the error message
 * @throws UsageError naming the option and the unknown names
 * @example
 * ```ts
 * stepList('scan,sqlite', PEERS, '--peers') // ['scan', 'sqlite']
 * ```
 */
export function stepList(given: string | undefined, allowed: readonly StepName[], flag: string): StepName[] {
  if (given === undefined || given === 'none') return []
  const list = given === 'all' ? [...allowed] : given.split(',').map((s) => s.trim())
  const unknown = list.filter((p) => !allowed.includes(p as StepName))
  if (unknown.length > 0) {
    throw new UsageError(
      `scale.bench: ${flag} takes all, none or a list of ${allowed.join(', ')}; got ${unknown.join(', ')}`,
    )
  }
  return list as StepName[]
}

/** What {@link choosePeers} needs besides the figures. */
export interface PeerOptions {
  scale: number
  scanRuns: number
  /** Longest projected wall time of a peer's step, in minutes. */
  budgetMin: number
  /** `--peers` as given, or undefined for the automatic choice. */
  peers: string | undefined
  /** `--sqlite-on-disk` as given. */
  sqliteOnDisk: string | undefined
}

/** The peers that run, the SQLite peers that keep their databases in files, and why. */
export interface PeerChoice {
  chosen: Set<StepName>
  onDisk: Set<StepName>
  why: string[]
}

/**
 * Chooses the peers of a run (see the file header).
 *
 * @param previous - the figures of the other scales in the report
 * @param freeDisk - the disk left for database files once the corpus is written
 * @param options - scale, scan passes, time budget and the options as given
 */
export function choosePeers(
  previous: readonly ScaleData[],
  freeDisk: number,
  options: PeerOptions,
): PeerChoice {
  const { scale, scanRuns, budgetMin } = options
  const onDisk = new Set(stepList(options.sqliteOnDisk, SQLITE_PEERS, '--sqlite-on-disk'))
  if (options.peers !== undefined) {
    const chosen = new Set(stepList(options.peers, PEERS, '--peers'))
    return { chosen, onDisk, why: [`Peers as given: --peers ${options.peers}.`] }
  }
  if (scale <= 1_000_000) {
    return { chosen: new Set(PEERS), onDisk, why: ['Peers: all (the default up to 1M records).'] }
  }
  const chosen = new Set<StepName>(['scan'])
  const why = [`Peers: the scan (${scanRuns} pass); the others by projection from smaller scales:`]
  const roomy = 0.75 * totalmem()
  const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`
  for (const peer of ['sqlite', 'sqlite-dns', 'flexsearch', 'lucene'] as const) {
    const measured = previous.filter((d) => d.scale < scale && d.peers[peer] !== undefined)
    const last = measured.at(-1)
    const lastPeer = last?.peers[peer]
    if (last === undefined || lastPeer === undefined) {
      why.push(`${peer}: not run, no measurement at a smaller scale to project from (force it with --peers).`)
      continue
    }
    const first = measured.at(-2)
    const firstPeer = first?.peers[peer]
    // The growth exponent of its wall time between the two largest measured scales (1 = linear).
    const k =
      first === undefined || firstPeer === undefined
        ? 1
        : Math.min(
            2,
            Math.max(1, Math.log(lastPeer.wallMs / firstPeer.wallMs) / Math.log(last.scale / first.scale)),
          )
    const minutes = (lastPeer.wallMs * (scale / last.scale) ** k) / 60_000
    const memory = project(lastPeer.maxRss, lastPeer.rssBefore ?? 0, last.scale, scale)
    // On disk: the database, plus its staging and index builds (half as much again).
    const disk = 1.5 * (lastPeer.bytes ?? 0) * (scale / last.scale)
    const sqlite = SQLITE_PEERS.includes(peer)
    const inMemory = memory <= roomy && !onDisk.has(peer)
    const asFile = sqlite && !inMemory && disk > 0 && disk <= freeDisk
    const run = minutes <= budgetMin && (inMemory || asFile)
    if (run) chosen.add(peer)
    if (run && asFile) onDisk.add(peer)
    const verdict = !run ? 'not run' : asFile ? 'run with its databases on disk' : 'run in memory'
    why.push(
      `${peer}: ${verdict}: ${(lastPeer.wallMs / 60_000).toFixed(1)} min and ${gib(lastPeer.maxRss)} peak at ${scaleName(last.scale)} project to ${minutes.toFixed(0)} min (growth exponent ${k.toFixed(2)}) and ${gib(memory)} here${sqlite ? `, or ${gib(disk)} of database files` : ''}; the limits are ${budgetMin} min, ${gib(roomy)} of memory${sqlite ? ` and ${gib(freeDisk)} of disk` : ''}.`,
    )
  }
  return { chosen, onDisk, why }
}

/** The disk a run needs and has. */
export interface DiskCheck {
  free: number
  need: number
  /** Left for the peers' database files once the corpus is written (the snapshot is removed first). */
  forPeers: number
  /** What the run needs, as a sentence. */
  message: string
}

/**
 * The disk a run at `scale` records needs in the temporary directory: the corpus unless it is
 * cached (measured: 2,954 bytes of JSON Lines a WHOIS record with its 3 observations), the snapshot
 * (the largest bytes a record measured, at least 2,500), the ranks and 2 GiB of margin.
 *
 * @param previous - the figures of the other scales in the report
 * @param scale - WHOIS records
 * @param corpusCached - whether the corpus is already written
 */
export function checkDisk(previous: readonly ScaleData[], scale: number, corpusCached: boolean): DiskCheck {
  const corpus = corpusCached ? 0 : 3000 * scale
  const perRecord = Math.max(2500, ...previous.map((d) => d.snapshotPerRecord ?? 0))
  const snapshot = 1.1 * perRecord * scale
  const need = corpus + snapshot + 16 * scale + 2 * 2 ** 30
  const { bavail, bsize } = statfsSync(tmpdir())
  const free = bavail * bsize
  const gb = (n: number) => `${(n / 1e9).toFixed(1)} GB`
  const message =
    `about ${gb(need)} in ${tmpdir()} for ${scale} records ` +
    `(${corpusCached ? 'corpus cached' : `corpus ${gb(corpus)}`}, snapshot ${gb(snapshot)}, ranks and margin); ${gb(free)} free`
  return { free, need, forPeers: free - corpus - 16 * scale - 2 * 2 ** 30, message }
}
