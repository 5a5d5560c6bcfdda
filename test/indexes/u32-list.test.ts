import { describe, expect, it } from 'vitest'
import { U32List } from '../../src/indexes/u32-list.js'

describe('U32List', () => {
  it.each([0, 1, 17, 65_535, 65_536, 65_537, 131_072, 200_003])('holds %i entries across its chunks', (n) => {
    const list = new U32List(n % 3 === 0 ? 16 : n)
    const expected = new Uint32Array(n)
    for (let i = 0; i < n; i++) {
      const value = (i * 2_654_435_761) >>> 0
      list.push(value)
      expected[i] = value
    }
    for (let i = 0; i < n; i += 997) {
      list.set(i, i)
      expected[i] = i
    }
    expect(list.length).toBe(n)
    for (let i = 0; i < n; i += 61) expect(list.get(i)).toBe(expected[i])
    if (n > 0) expect(list.get(n - 1)).toBe(expected[n - 1])
    const array = list.toArray()
    expect(array.length).toBe(n)
    expect(
      Buffer.compare(
        Buffer.from(array.buffer, array.byteOffset, array.byteLength),
        Buffer.from(expected.buffer),
      ),
    ).toBe(0)
  })
})
