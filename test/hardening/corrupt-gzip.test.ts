/**
 * Hardening, item 3: a gzip file cut short or corrupted in the middle used to abort the whole
 * build (`unreadable_file`), dropping every other file's records. Now the records read before the
 * damage load, one reject names the file and the line reached, and the other files load; strict
 * mode still throws a SnapshotError naming the file (`bad_record` at that line, as for any reject).
 * In the calling thread and on workers, for JSON Lines and JSON arrays, through `Engine.build` and
 * the CLI's `build`.
 */
import { readFile } from 'node:fs/promises'
import { constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import { runCli } from '../cli/run-cli.js'
import { type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

const RECORDS = 6000
const names = Array.from({ length: RECORDS }, (_, i) => `d${i}.com`)
/** JSON Lines of the records `from` up to `to`. */
const recordLines = (from: number, to: number): string =>
  names
    .slice(from, to)
    .map((name) => `${JSON.stringify(whoisRecord(name))}\n`)
    .join('')
const jsonLines = recordLines(0, RECORDS)
const jsonArray = `[\n${names.map((name) => JSON.stringify(whoisRecord(name))).join(',\n')}\n]\n`

/** The gzip of `text` cut at half its bytes. */
function cut(text: string): Buffer {
  const gz = gzipSync(text)
  return gz.subarray(0, gz.length >> 1)
}

/**
 * Two gzip members, the first holding half the records, the second with its compression method
 * byte overwritten: zlib stops there ("unknown compression method").
 */
function badMember(): Buffer {
  const second = Buffer.from(gzipSync(recordLines(RECORDS / 2, RECORDS)))
  second[2] = 0x07
  return Buffer.concat([gzipSync(recordLines(0, RECORDS / 2)), second])
}

/**
 * The gzip of the first 1,600 records with 16 bytes in the middle of its deflate data overwritten:
 * zlib decodes garbage from there on and notices only at the end ("incorrect data check"). Fewer
 * records than the others, so that the garbage lines stay under the 1,000 rejects kept in full.
 */
function garbled(): Buffer {
  const gz = Buffer.from(gzipSync(recordLines(0, 1600)))
  gz.fill(0xff, gz.length >> 1, (gz.length >> 1) + 16)
  return gz
}

/** Newlines in what zlib can decode of a damaged file. */
function completeLines(damaged: Buffer): number {
  const text = gunzipSync(damaged, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8')
  return text.split('\n').length - 1
}

/** Two good files around a damaged one. */
async function inputs(name: string, damaged: Buffer): Promise<string[]> {
  return [
    await files.lines(`before-${name}.jsonl`, [whoisRecord('before.org')]),
    await files.write(name, damaged),
    await files.gzip(`after-${name}.jsonl.gz`, `${JSON.stringify(whoisRecord('after.org'))}\n`),
  ]
}

describe.each([0, 1])('with %i workers', (workers) => {
  it.each([
    // The fewest records expected: every complete line, or all but the 64 KiB zlib drops.
    ['a cut JSON Lines file', 'cut.jsonl.gz', cut(jsonLines), completeLines(cut(jsonLines))],
    [
      'a JSON Lines file with a corrupt second member',
      'member.jsonl.gz',
      badMember(),
      RECORDS / 2 - (64 * 1024) / recordLines(0, 1).length,
    ],
    ['a cut JSON array', 'cut.json.gz', cut(jsonArray), completeLines(cut(jsonArray)) - 1],
  ])(
    'loads what %s holds before the damage, one reject naming it, and the other files',
    async (_, name, bytes, least) => {
      const [before, damaged, after] = await inputs(`${workers}-${name}`, bytes)
      const engine = await Engine.build({ whois: [before, damaged, after] as string[] }, { workers })
      const { counts, rejects, sources } = engine.stats()
      expect(engine.whois({ domain: 'before.org' })).not.toBeNull()
      expect(engine.whois({ domain: 'after.org' })).not.toBeNull()
      expect(rejects.count).toBe(1)
      const [reject] = rejects.kept
      expect(reject?.file).toBe(damaged)
      expect(reject?.reason).toMatch(
        /^gzip data cut short or damaged \(.+\): the rest of the file is not read$/,
      )
      // The records before the damage load: a prefix of the file.
      const loaded = counts.whois - 2
      expect(loaded).toBeGreaterThanOrEqual(least)
      expect(loaded).toBeLessThan(RECORDS)
      for (const domain of [names[0], names[loaded - 1]] as string[])
        expect(engine.whois({ domain })).not.toBeNull()
      expect(engine.whois({ domain: names[loaded] as string })).toBeNull()
      // The line reached: past the records read (one a line, after the array's `[` line for JSON).
      const firstLine = name.endsWith('.json.gz') ? 2 : 1
      expect(reject?.line).toBe(firstLine + loaded)
      expect(sources[1]).toMatchObject({ file: damaged, gzip: true, records: loaded, rejects: 1 })
    },
  )

  it('loads the records before garbled data, rejects the garbage and names the damage last', async () => {
    const [before, damaged, after] = await inputs(`${workers}-garbled.jsonl.gz`, garbled())
    const engine = await Engine.build({ whois: [before, damaged, after] as string[] }, { workers })
    const { rejects, sources } = engine.stats()
    expect(engine.whois({ domain: 'before.org' })).not.toBeNull()
    expect(engine.whois({ domain: 'after.org' })).not.toBeNull()
    for (const domain of names.slice(0, 400)) expect(engine.whois({ domain })).not.toBeNull()
    const own = rejects.kept.filter((reject) => reject.file === damaged)
    expect(own.length).toBe(rejects.count)
    expect(own.at(-1)?.reason).toMatch(/^gzip data cut short or damaged \(incorrect data check\)/)
    expect(own.slice(0, -1).every((reject) => reject.reason.startsWith('not valid JSON'))).toBe(true)
    expect(sources[1]).toMatchObject({ file: damaged, rejects: own.length })
  })

  it('throws a SnapshotError naming a cut file in strict mode', async () => {
    const [before, damaged, after] = await inputs(`${workers}-strict.jsonl.gz`, cut(jsonLines))
    const error = await Engine.build(
      { whois: [before, damaged, after] as string[] },
      { workers, strict: true },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SnapshotError)
    // The damage is a reject like any other: strict mode throws it as a bad record at the line reached.
    expect(error).toMatchObject({
      code: 'bad_record',
      file: damaged,
      line: completeLines(cut(jsonLines)) + 1,
    })
    expect((error as Error).message).toContain(damaged)
  })
})

it('the CLI build reports the reject like any other', async () => {
  const [before, damaged, after] = await inputs('cli.jsonl.gz', cut(jsonLines))
  const rejectsFile = `${files.dir}/rejects.jsonl`
  const result = await runCli([
    'build',
    '--whois',
    before as string,
    damaged as string,
    after as string,
    '--out',
    `${files.dir}/cli.dmx`,
    '--rejects',
    rejectsFile,
  ])
  expect(result.stderr).toContain('1 rejects')
  expect(result.status).toBe(0)
  const lines = (await readFile(rejectsFile, 'utf8')).trimEnd().split('\n')
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    { file: damaged, line: expect.any(Number), reason: expect.stringMatching(/^gzip data cut short/) },
  ])
})
