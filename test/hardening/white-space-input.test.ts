/**
 * Issue 26, item 14: white space before the first record (or a file of nothing else) is read
 * once, not joined again with every chunk: the layout is decided from the first significant byte,
 * line numbers of later rejects still count every line, and the BOM, a JSON array and a JSON Lines
 * file behave as before. (The time per megabyte is in the closing note's measurement; a unit test
 * asserts no timing.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

const record = (name: string): string => JSON.stringify(whoisRecord(name))

describe('white space before the records', () => {
  it('loads a file of white space only, across many chunks, as no records and no rejects', async () => {
    const path = await files.write('blank.txt', ' \t\r\n'.repeat(300_000))
    const engine = await Engine.build({ whois: [path] }, { workers: 1 })
    expect(engine.stats().counts.whois).toBe(0)
    expect(engine.stats().rejects.count).toBe(0)
  })

  it('keeps the line numbers of rejects after a long blank head, with or without a BOM', async () => {
    const head = ' \r\n\t\n'.repeat(50_000) // 100,000 lines
    for (const bom of ['', '\ufeff']) {
      const path = await files.write(
        `head${bom.length}.txt`,
        `${bom}${head}${record('a.com')}\nnot json\n${record('b.com')}\n`,
      )
      const engine = await Engine.build({ whois: [path] }, { workers: 1 })
      expect(engine.stats().counts.whois).toBe(2)
      expect(engine.stats().rejects.kept.map((reject) => reject.line)).toEqual([100_002])
    }
  })

  it('still reads a JSON array and an API envelope after white space', async () => {
    const array = await files.write('array.json', `\n\n  [${record('a.com')},\n${record('b.com')}]\n`)
    expect((await Engine.build({ whois: [array] }, { workers: 1 })).stats().counts.whois).toBe(2)
    const envelope = await files.write(
      'envelope.json',
      `\n   {"result_count": 1, "results": [${record('c.com')}]}`,
    )
    expect((await Engine.build({ whois: [envelope] }, { workers: 1 })).stats().counts.whois).toBe(1)
    const long = await files.write('long.json', `\n${' '.repeat(200_000)}{"results": [${record('d.com')}]}\n`)
    expect((await Engine.build({ whois: [long] }, { workers: 1 })).stats().counts.whois).toBe(1)
  })
})
