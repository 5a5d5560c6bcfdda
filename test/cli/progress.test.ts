import { describe, expect, it } from 'vitest'
import { ProgressReporter, type ProgressSink } from '../../src/cli/progress.js'
import type { Progress } from '../../src/types.js'

function sink(isTTY: boolean): ProgressSink & { chunks: string[] } {
  const chunks: string[] = []
  return { isTTY, columns: 200, chunks, write: (text: string) => chunks.push(text) }
}

function reading(bytes: number, records: number, rejects = 0): Progress {
  return { phase: 'read', bytes, totalBytes: 1000 * 1024, records, rejects }
}

describe('ProgressReporter', () => {
  it('redraws a terminal bar in place at most every 100 ms, with rate, rejects and ETA', () => {
    const out = sink(true)
    let now = 0
    const reporter = new ProgressReporter(out, () => now)
    reporter.update(reading(0, 0))
    now = 50
    reporter.update(reading(100 * 1024, 10))
    expect(out.chunks).toHaveLength(1)
    now = 2000
    reporter.update(reading(500 * 1024, 4000, 3))
    expect(out.chunks).toHaveLength(2)
    const bar = out.chunks[1] as string
    expect(bar.startsWith('\r\x1b[2K')).toBe(true)
    expect(bar).not.toContain('\n')
    expect(bar).toContain('[##########..........]  50%')
    expect(bar).toContain('500 KiB / 1000 KiB')
    expect(bar).toContain('2,000 rec/s')
    expect(bar).toContain('3 rejects')
    expect(bar).toContain('ETA 2s')
    reporter.finish()
    expect(out.chunks.at(-1)).toBe('\r\x1b[2K')
  })

  it('draws a phase change at once', () => {
    const out = sink(true)
    const reporter = new ProgressReporter(out, () => 10)
    reporter.update(reading(1, 1))
    reporter.update({ phase: 'index', bytes: 1, totalBytes: 1, records: 1234, rejects: 1 })
    expect(out.chunks.at(-1)).toContain('indexing 1,234 records (1 reject)')
  })

  it('writes plain lines every 5 seconds when not a terminal, none for a quick load', () => {
    const out = sink(false)
    let now = 0
    const reporter = new ProgressReporter(out, () => now)
    for (now = 0; now < 4_900; now += 100) reporter.update(reading(now * 10, now))
    reporter.update({ phase: 'index', bytes: 1, totalBytes: 1, records: 1, rejects: 0 })
    expect(out.chunks).toEqual([])
    for (; now <= 12_000; now += 100) reporter.update(reading(now * 10, now))
    expect(out.chunks).toHaveLength(2)
    for (const line of out.chunks) {
      expect(line).toMatch(
        /^domindex: reading \d+% \(.+\), [\d,]+ records, [\d,]+ rec\/s, 0 rejects, ETA \S+\n$/,
      )
      expect(line).not.toContain('\x1b')
    }
    reporter.finish()
    expect(out.chunks).toHaveLength(2)
  })

  it('says ? for the ETA before anything was read', () => {
    const out = sink(true)
    new ProgressReporter(out, () => 0).update(reading(0, 0))
    expect(out.chunks[0]).toContain('ETA ?')
  })
})
