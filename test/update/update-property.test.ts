/**
 * SPEC 12 as a property (seeded): over a random small corpus, a random sequence of updates (new
 * and replacing lines, removals in other spellings, keys never held, keys removed and re-added,
 * empty updates; now and then an update of an earlier engine, of a saved and reopened one or of a
 * compacted one) must leave every engine answering exactly as `Engine.build` over the surviving
 * input lines: random requests of every family (status and body, key order included), counts,
 * removal and replacement counts. After the sequence every earlier engine must still answer as it
 * did (point-in-time views), and the last one must answer the same after save and open and after
 * compaction (one segment). The inputs of a step are deleted once it is done, so no update can
 * read them again. Short sequences cover the cases; long ones make the merge policy merge.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { UpdateOptions } from '../../src/engine-options.js'
import type { Observation } from '../../src/types.js'
import { apex, ns, observation, txt } from '../dns/observations.js'
import {
  DNS_DATES,
  type FilesSpec,
  initialSpec,
  materialise,
  queryPaths,
  type StepSpec,
  stepSpec,
} from './arbitraries.js'
import {
  type Answer,
  answerAll,
  buildReference,
  compactEngine,
  describeFiles,
  describeObservation,
  expectSameAnswers,
  removeFiles,
  updateEngine,
  type Workspace,
  workspace,
  writeSources,
} from './harness.js'
import {
  addRemoved,
  applyUpdate,
  hostKey,
  type InputFiles,
  type Inputs,
  linesOf,
  NO_INPUTS,
  NOTHING_REMOVED,
  type RemovedCounts,
  type ReplacedCounts,
  replacedBy,
} from './model.js'

/** An engine of the sequence with what it must answer. */
interface Made {
  readonly label: string
  readonly engine: Engine
  readonly inputs: Inputs
  readonly expected: readonly Answer[]
  readonly counts: { whois: number; mx: number; txt: number }
}

/** What the runs exercised, so that a property comparing only trivial answers cannot pass. */
interface Tally {
  heldDomainsRemoved: number
  heldObservationsRemoved: number
  notHeldRemoved: number
  removedAndReAdded: number
  idChangedKind: number
  laterPagesWithResults: number
  mostRecentChanged: number
  summariesChanged: number
  emptyUpdates: number
  branches: number
  merges: number
}

const newTally = (): Tally => ({
  heldDomainsRemoved: 0,
  heldObservationsRemoved: 0,
  notHeldRemoved: 0,
  removedAndReAdded: 0,
  idChangedKind: 0,
  laterPagesWithResults: 0,
  mostRecentChanged: 0,
  summariesChanged: 0,
  emptyUpdates: 0,
  branches: 0,
  merges: 0,
})

// Another seed or more runs, to hunt: UPDATE_SEED=7 UPDATE_RUNS=200 npx vitest run test/update/update-property.test.ts
const { UPDATE_SEED, UPDATE_RUNS } = process.env
const SEED = UPDATE_SEED === undefined ? undefined : Number(UPDATE_SEED)
const RUNS = UPDATE_RUNS === undefined ? undefined : Number(UPDATE_RUNS)

describe('Engine.update on random sequences', () => {
  it('short sequences: answers as a build over the surviving inputs, keeps earlier engines, saves and compacts', async () => {
    const seen = newTally()
    await fc.assert(
      fc.asyncProperty(
        initialSpec,
        fc.array(stepSpec, { minLength: 1, maxLength: 5 }),
        queryPaths,
        (initial, steps, paths) => runInWorkspace(initial, steps, paths, seen),
      ),
      { seed: SEED ?? 20261126, numRuns: RUNS ?? 20 },
    )
    // Floors about half of what seed 20261126 gives (when another seed is asked for, none).
    if (SEED !== undefined) return
    expect(seen).toEqual({
      heldDomainsRemoved: atLeast(9),
      heldObservationsRemoved: atLeast(12),
      notHeldRemoved: atLeast(48),
      removedAndReAdded: atLeast(22),
      idChangedKind: atLeast(150),
      laterPagesWithResults: atLeast(16),
      mostRecentChanged: atLeast(100),
      summariesChanged: atLeast(80),
      emptyUpdates: atLeast(5),
      branches: atLeast(11),
      merges: expect.any(Number),
    })
  }, 300_000)

  it('long sequences: the same while the merge policy merges segments', async () => {
    const seen = newTally()
    await fc.assert(
      fc.asyncProperty(
        initialSpec,
        // Each update of the latest engine itself, so that segments pile up to a merge.
        fc.array(
          stepSpec.map((step) => ({ ...step, parent: null, base: 'engine' as const })),
          { minLength: 11, maxLength: 14 },
        ),
        queryPaths,
        (initial, steps, paths) => runInWorkspace(initial, steps, paths, seen),
      ),
      { seed: SEED ?? 20261127, numRuns: RUNS === undefined ? 2 : Math.ceil(RUNS / 10) },
    )
    expect(seen.merges, 'updates after which the segments were fewer than before plus one').toBeGreaterThan(0)
  }, 300_000)
})

describe('summaries over a large segment and small ones', () => {
  // Enough distinct values that a top list is cut back while counting (over 64 + 2 × limit), with
  // updates that lift values from the base's tail, bring new ones and remove base observations
  // that carry its head.
  const value = (n: number) => `v=spf1 include:_spf${String(n).padStart(3, '0')}.example ~all`
  const skewed = fc.nat(399).map((n) => Math.floor((n * n) / 800))
  const obs = (id: string, n: number, values: readonly number[]) =>
    observation(
      id,
      DNS_DATES[n % DNS_DATES.length] as string,
      apex(`h${n % 40}.com`),
      ...values.map((v) => txt(value(v))),
      ns(n % 3 === 0 ? 'ns1.prov.net' : 'ns2.other.net'),
    )
  const file = (prefix: string, min: number, max: number, pick: fc.Arbitrary<number>) =>
    fc
      .array(fc.array(pick, { minLength: 1, maxLength: 3 }), { minLength: min, maxLength: max })
      .map((list) => list.map((values, i) => obs(`${prefix}${i}`, i, values)))
  const scenario = fc.record({
    base: file('b', 250, 350, skewed),
    updates: fc.array(
      fc.record({
        lift: fc.nat(150).chain((from) => file('u', 5, 40, fc.integer({ min: from, max: from + 49 }))),
        prefix: fc.constantFrom('b', 'u', 'n'),
        removed: fc.uniqueArray(fc.nat(60), { maxLength: 25 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  const PATHS = [1, 2, 5, 10, 37, 100, 250].flatMap((limit) => [
    `/v1/domain/txt?summarize=txt&summary_limit=${limit}`,
    `/v1/domain/txt?summarize=txt&summary_context=dns-txt&nameserver=prov.net&summary_limit=${limit}`,
    `/v1/domain/txt?summarize=txt&most_recent=true&summary_limit=${limit}`,
    `/v1/domain/txt?summarize=txt&from=2024-01-02&summary_limit=${limit}`,
  ])

  it('top lists and other equal a build over the surviving inputs', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ base, updates }) => {
        const ws = await workspace()
        try {
          const story = [`Engine.build over ${base.length} TXT observations`]
          const context = (what: string) => `${story.join('\n')}\n${what}`
          const baseFiles: InputFiles = { whois: [], dns: [{ kind: 'txt', observations: base }] }
          const { sources, paths } = await writeSources(ws, baseFiles)
          let engine = await Engine.build(sources)
          await removeFiles(paths)
          let inputs = linesOf(baseFiles)
          for (const [k, u] of updates.entries()) {
            // Ids that replace the base's (b…) or an earlier update's (u…), or new ones (n…).
            const added = u.lift.map((o, i) => ({
              ...o,
              id: u.prefix === 'n' ? `n${k}-${i}` : `${u.prefix}${i}`,
            }))
            const files: InputFiles = { whois: [], dns: [{ kind: 'txt', observations: added }] }
            const removal = { whois: [], dns: u.removed.map((n) => `b${n}`) }
            story.push(
              `.update(${added.length} observations with ids ${added[0]?.id}…, values ${describeObservation(added[0] as Observation)}…; remove ${JSON.stringify(removal.dns)})`,
            )
            const written = await writeSources(ws, files)
            engine = await updateEngine(engine, written.sources, { remove: removal })
            await removeFiles(written.paths)
            inputs = applyUpdate(inputs, removal, files).inputs
            const reference = await buildReference(ws, inputs)
            await removeFiles(reference.paths)
            expectSameAnswers(
              context(`after update ${k + 1}`),
              await answerAll(reference.engine, PATHS),
              await answerAll(engine, PATHS),
            )
          }
        } finally {
          await ws.remove()
        }
      }),
      { seed: SEED ?? 20261128, numRuns: RUNS === undefined ? 15 : Math.ceil(RUNS / 3) },
    )
  }, 300_000)
})

function atLeast(floor: number): unknown {
  return expect.toSatisfy((n: number) => n >= floor, `at least ${floor}`)
}

async function runInWorkspace(
  initial: FilesSpec,
  steps: readonly StepSpec[],
  paths: readonly string[],
  seen: Tally,
): Promise<void> {
  const ws = await workspace()
  try {
    await runSequence(ws, initial, steps, paths, seen)
  } finally {
    await ws.remove()
  }
}

async function runSequence(
  ws: Workspace,
  initial: FilesSpec,
  steps: readonly StepSpec[],
  paths: readonly string[],
  seen: Tally,
): Promise<void> {
  const initialFiles = materialise(initial, 0)
  const story: string[] = ['update sequence:', '  engine 0 = Engine.build', ...describeFiles(initialFiles)]
  const context = (what: string) => `${story.join('\n')}\n${what}`

  const written = await writeSources(ws, initialFiles)
  const first = await Engine.build(written.sources)
  await removeFiles(written.paths)
  const made: Made[] = []
  const expectedLoad = { removed: NOTHING_REMOVED, replaced: replacedBy(NO_INPUTS, NO_REMOVAL, initialFiles) }
  made.push(await check(ws, 'engine 0', first, linesOf(initialFiles), expectedLoad, paths, context))

  for (const [index, step] of steps.entries()) {
    const k = index + 1
    const parentIndex = step.parent === null ? made.length - 1 : step.parent % made.length
    const parent = made[parentIndex] as Made
    const files = materialise(step.files, k)
    const remove = step.remove
    story.push(
      `  engine ${k} = (engine ${parentIndex}${step.base === 'engine' ? '' : `, ${step.base}`}).update(` +
        `remove whois ${JSON.stringify(remove.whois)} dns ${JSON.stringify(remove.dns)}` +
        `${step.parallel ? ', workers 2' : ''})`,
      ...describeFiles(files),
    )
    const base = await baseOf(ws, parent, step, context)
    const { inputs, removed } = applyUpdate(parent.inputs, remove, files)
    tallyStep(seen, parent, parentIndex === made.length - 1, step, removed, files, inputs)
    const { sources, paths: inputPaths } = await writeSources(ws, files)
    const options: UpdateOptions = {}
    if (remove.whois.length > 0 || remove.dns.length > 0 || step.explicitEmpty)
      options.remove = step.explicitEmpty ? { whois: remove.whois, dns: remove.dns } : compactRemove(remove)
    if (step.parallel) Object.assign(options, { workers: 2, rangeBytes: 200 })
    const explicit = step.explicitEmpty ? { whois: [], dns: [], ...sources } : sources
    const next = await updateEngine(base, explicit, options)
    await removeFiles(inputPaths)
    const baseStats = base.stats()
    const replaced = replacedBy(parent.inputs, remove, files)
    const load = {
      removed: addRemoved(baseStats.removed, removed),
      replaced: {
        whoisReplaced: baseStats.whoisReplaced + replaced.whoisReplaced,
        observationsReplaced: baseStats.observationsReplaced + replaced.observationsReplaced,
      },
    }
    made.push(await check(ws, `engine ${k}`, next, inputs, load, paths, context))
    if (files.whois.length + files.dns.length > 0 && next.stats().segments <= baseStats.segments)
      seen.merges++
    tallyAnswers(seen, parent.expected, (made.at(-1) as Made).expected)
    // Updating must not disturb the engine it was called on.
    expectSameAnswers(
      context(`engine ${parentIndex} (as updated) answered differently after the update`),
      parent.expected,
      await answerAll(base, paths),
    )
  }

  for (const m of made) {
    expectSameAnswers(
      context(`${m.label} answered differently once the whole sequence had run (point-in-time view)`),
      m.expected,
      await answerAll(m.engine, paths),
    )
    expect(m.engine.stats().counts, context(`${m.label}: stats().counts at the end`)).toEqual(m.counts)
  }

  const last = made.at(-1) as Made
  const snapshot = ws.path('last.dmx')
  await last.engine.save(snapshot)
  const opened = await Engine.open(snapshot)
  expectSameAnswers(context(`${last.label}, saved and opened`), last.expected, await answerAll(opened, paths))
  expect(opened.stats().counts, context(`${last.label}, saved and opened: counts`)).toEqual(last.counts)
  const compacted = await compactEngine(last.engine)
  expectSameAnswers(context(`${last.label}.compact()`), last.expected, await answerAll(compacted, paths))
  expect(compacted.stats().counts, context(`${last.label}.compact(): counts`)).toEqual(last.counts)
  expect(compacted.stats().segments, context(`${last.label}.compact(): segments`)).toBe(1)
  expectSameAnswers(
    context(`${last.label} answered differently after compact() was called on it`),
    last.expected,
    await answerAll(last.engine, paths),
  )
}

const NO_REMOVAL = { whois: [], dns: [] }

/** Checks an engine against the reference build over `inputs` and returns what it must answer. */
async function check(
  ws: Workspace,
  label: string,
  engine: Engine,
  inputs: Inputs,
  load: { removed: RemovedCounts; replaced: ReplacedCounts },
  paths: readonly string[],
  context: (what: string) => string,
): Promise<Made> {
  const reference = await buildReference(ws, inputs)
  await removeFiles(reference.paths)
  const expected = await answerAll(reference.engine, paths)
  const counts = reference.engine.stats().counts
  const what = `${label} against Engine.build over the surviving input lines`
  expectSameAnswers(context(what), expected, await answerAll(engine, paths))
  const stats = engine.stats()
  expect(stats.counts, context(`${what}: stats().counts`)).toEqual(counts)
  expect(stats.removed, context(`${label}: stats().removed (held keys removed, keys not held)`)).toEqual(
    load.removed,
  )
  expect(
    { whoisReplaced: stats.whoisReplaced, observationsReplaced: stats.observationsReplaced },
    context(`${label}: replacements accumulated over the build and every update`),
  ).toEqual(load.replaced)
  expect(stats.rejects.count, context(`${label}: rejects`)).toBe(0)
  // An engine whose every record was removed may hold no segment at all.
  expect(Number.isInteger(stats.segments) && stats.segments >= 0, context(`${label}: stats().segments`)).toBe(
    true,
  )
  return { label, engine, inputs, expected, counts }
}

/** The engine an update is called on: the parent itself, or it saved and reopened, or compacted. */
async function baseOf(
  ws: Workspace,
  parent: Made,
  step: StepSpec,
  context: (what: string) => string,
): Promise<Engine> {
  if (step.base === 'engine') return parent.engine
  let engine: Engine
  if (step.base === 'reopened') {
    const snapshot = ws.path('base.dmx')
    await parent.engine.save(snapshot)
    engine = await Engine.open(snapshot)
  } else {
    engine = await compactEngine(parent.engine)
    expect(engine.stats().segments, context(`${parent.label}.compact(): segments`)).toBe(1)
  }
  const paths = parent.expected.map((a) => a.path)
  expectSameAnswers(context(`${parent.label}, ${step.base}`), parent.expected, await answerAll(engine, paths))
  return engine
}

function compactRemove(remove: StepSpec['remove']): NonNullable<UpdateOptions['remove']> {
  return {
    ...(remove.whois.length > 0 ? { whois: remove.whois } : {}),
    ...(remove.dns.length > 0 ? { dns: remove.dns } : {}),
  }
}

function tallyStep(
  seen: Tally,
  parent: Made,
  ofLatest: boolean,
  step: StepSpec,
  removed: RemovedCounts,
  files: InputFiles,
  after: Inputs,
): void {
  seen.heldDomainsRemoved += removed.whois
  seen.heldObservationsRemoved += removed.observations
  seen.notHeldRemoved += removed.notHeld
  if (!ofLatest) seen.branches++
  const added = linesOf(files)
  if (added.whois.length + added.dns.length + step.remove.whois.length + step.remove.dns.length === 0)
    seen.emptyUpdates++
  const removedKeys = new Set([...step.remove.whois.map(hostKey), ...step.remove.dns])
  const addedKeys = [...added.whois.map((l) => l.key), ...added.dns.map((l) => l.observation.id)]
  seen.removedAndReAdded += addedKeys.filter((key) => removedKeys.has(key)).length
  const kinds = (inputs: Inputs) => new Map(inputs.dns.map((l) => [l.observation.id, l.kind]))
  const before = kinds(parent.inputs)
  for (const [id, kind] of kinds(after)) if (before.has(id) && before.get(id) !== kind) seen.idChangedKind++
}

function tallyAnswers(seen: Tally, before: readonly Answer[], after: readonly Answer[]): void {
  for (const [i, answer] of after.entries()) {
    const changed = answer.json !== before[i]?.json
    if (/[?&]page=[1-9]/.test(answer.path) && /"results":\[\{/.test(answer.json)) seen.laterPagesWithResults++
    if (changed && answer.path.includes('most_recent=true')) seen.mostRecentChanged++
    if (changed && answer.path.includes('summarize=')) seen.summariesChanged++
  }
}
