import { describe, expect, it } from 'vitest'
import { formatBytes, formatCount, formatDuration } from '../../src/cli/format.js'

describe('format', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.50 KiB'],
    [15 * 1024 * 1024, '15.0 MiB'],
    [3 * 1024 ** 3, '3.00 GiB'],
  ])('formatBytes(%d) is %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text))

  it('formats counts and durations', () => {
    expect(formatCount(1234567.6)).toBe('1,234,568')
    expect(formatDuration(0.4)).toBe('0s')
    expect(formatDuration(185)).toBe('3m05s')
    expect(formatDuration(7620)).toBe('2h07m')
  })
})
