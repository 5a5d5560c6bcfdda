/** CRC-32: the standard check value, and the table fallback equal to the native one in pieces. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { crc32, crc32ByTable } from '../../src/snapshot/crc32.js'

describe('crc32', () => {
  it('gives the check value of "123456789"', () => {
    const bytes = new TextEncoder().encode('123456789')
    expect(crc32(bytes, 0)).toBe(0xcbf43926)
    expect(crc32ByTable(bytes, 0)).toBe(0xcbf43926)
  })

  it('gives the same value in one call or in pieces, native or by table', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
        const whole = crc32(bytes, 0)
        const at = Math.min(cut, bytes.length)
        expect(crc32(bytes.subarray(at), crc32(bytes.subarray(0, at), 0))).toBe(whole)
        expect(crc32ByTable(bytes.subarray(at), crc32ByTable(bytes.subarray(0, at), 0))).toBe(whole)
      }),
      { seed: 3, numRuns: 200 },
    )
  })
})
