import { describe, expect, it } from 'vitest'
import { parseCommandArgs, readCount, readSize, UsageError } from '../../src/cli/args.js'
import { INPUT_LISTS, INPUT_OPTIONS, listedSources } from '../../src/cli/inputs.js'
import { closestName, editDistance } from '../../src/query/closest-name.js'

const OPTIONS = { ...INPUT_OPTIONS, out: { type: 'string' as const }, all: { type: 'boolean' as const } }

describe('closestName', () => {
  it('suggests the nearest name within two edits, ignoring case, and nothing farther', () => {
    expect(closestName('nameservers', ['name', 'nameserver', 'email'])).toBe('nameserver')
    expect(closestName('PIVTS', ['pivots', 'query'])).toBe('pivots')
    expect(closestName('zzzz', ['pivots', 'query'])).toBeUndefined()
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })
})

describe('parseCommandArgs', () => {
  it('gives a file-list option every argument up to the next option', () => {
    const parsed = parseCommandArgs(
      ['--whois', 'a.jsonl', 'b.jsonl', '--dns', 'c.jsonl', '--out', 's.dmx', 'extra', '--whois', 'd.jsonl'],
      OPTIONS,
      INPUT_LISTS,
    )
    expect(parsed.lists).toEqual({
      whois: ['a.jsonl', 'b.jsonl', 'd.jsonl'],
      dns: ['c.jsonl'],
      mx: [],
      txt: [],
    })
    expect(parsed.values).toEqual({ out: 's.dmx' })
    expect(parsed.positionals).toEqual(['extra'])
  })

  it('ends a list at a standalone argument and at --', () => {
    const isRequest = (arg: string) => arg.startsWith('/v1/')
    const parsed = parseCommandArgs(
      ['--whois', 'a', '/v1/domain/mx', '--all'],
      OPTIONS,
      INPUT_LISTS,
      isRequest,
    )
    expect(parsed.lists).toMatchObject({ whois: ['a'] })
    expect(parsed.positionals).toEqual(['/v1/domain/mx'])
    expect(parsed.values).toEqual({ all: true })
    expect(parseCommandArgs(['--dns', 'a', '--', 'b'], OPTIONS, INPUT_LISTS).positionals).toEqual(['b'])
  })

  it('applies the declared default of an option not given', () => {
    const options = { ...OPTIONS, seed: { type: 'string' as const, default: '1' } }
    expect(parseCommandArgs([], options, INPUT_LISTS).values).toEqual({ seed: '1' })
    expect(parseCommandArgs(['--seed', '7'], options, INPUT_LISTS).values).toEqual({ seed: '7' })
  })

  it('refuses unknown options and missing values as usage errors', () => {
    expect(() => parseCommandArgs(['--nope'], OPTIONS, INPUT_LISTS)).toThrow(UsageError)
    expect(() => parseCommandArgs(['--out'], OPTIONS, INPUT_LISTS)).toThrow(UsageError)
  })
})

describe('listedSources', () => {
  it('declares the kind of --mx and --txt files', () => {
    expect(listedSources({ whois: ['w'], dns: ['d'], mx: ['m'], txt: ['t'] })).toEqual({
      whois: ['w'],
      dns: ['d', { path: 'm', kind: 'mx' }, { path: 't', kind: 'txt' }],
    })
  })

  it('gives every DNS file the --date, and refuses one that is no calendar day', () => {
    expect(listedSources({ whois: ['w'], dns: ['d'], mx: ['m'] }, { date: '2024-02-29' })).toEqual({
      whois: ['w'],
      dns: [
        { path: 'd', date: '2024-02-29' },
        { path: 'm', kind: 'mx', date: '2024-02-29' },
      ],
    })
    for (const bad of ['2023-02-29', '20240229', true]) {
      expect(() => listedSources({ dns: ['d'] }, { date: bad })).toThrow(UsageError)
    }
  })
})

describe('readCount', () => {
  it('reads whole numbers and refuses anything else', () => {
    expect(readCount('whois', '1000')).toBe(1000)
    for (const bad of ['-1', '1.5', 'ten', '', true, undefined]) {
      expect(() => readCount('whois', bad)).toThrow(UsageError)
    }
  })
})

describe('readSize', () => {
  it('reads bytes with an optional binary unit, and names the option and the value otherwise', () => {
    expect(readSize('memory-budget', '1000')).toBe(1000)
    expect(readSize('memory-budget', '64K')).toBe(64 << 10)
    expect(readSize('memory-budget', '512m')).toBe(512 << 20)
    expect(readSize('memory-budget', '4GiB')).toBe(4 * 2 ** 30)
    for (const bad of ['', '0', '-1', '1.5G', 'lots', '9999999999999T']) {
      expect(() => readSize('memory-budget', bad)).toThrow(/--memory-budget needs a size in bytes/)
    }
  })
})
