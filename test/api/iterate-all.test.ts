import { describe, expect, it } from 'vitest'
import { iterateAll } from '../../src/api/iterate-all.js'
import { envelope } from '../../src/collect/page.js'
import { QueryError } from '../../src/errors.js'
import type { Params } from '../../src/types.js'
import { FakeTarget } from './fake-target.js'

const target = new FakeTarget()

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of iterable) items.push(item)
  return items
}

describe('iterateAll', () => {
  it('yields every result of every page in order, like paging by hand', async () => {
    const all = await collect(iterateAll('reverseAll', { phrase: 'x' }, (p) => target.reverse(p)))
    const byHand = [0, 1, 2].flatMap((page) => target.reverse({ phrase: 'x', page }).results)
    expect(all).toEqual(byHand)
    expect(all).toHaveLength(250)
  })

  it('yields nothing for no results, requesting one page only', async () => {
    const pages: Params[] = []
    const none = iterateAll('mxAll', {}, (p) => {
      pages.push(p)
      return target.mx(p)
    })
    expect(await collect(none)).toEqual([])
    expect(pages).toEqual([{ page: 0 }])
  })

  it.each(['page', 'summarize', 'summary_context', 'summary_limit'])('refuses %s at the call', (name) => {
    expect(() => iterateAll('txtAll', { [name]: '1' }, () => envelope(0, 0, () => 0))).toThrow(
      expect.objectContaining({ code: 'unknown_parameter', param: name }),
    )
  })

  it('throws a synchronous search error at the call', () => {
    expect(() => iterateAll('reverseAll', { nope: '1' }, (p) => target.reverse(p))).toThrow(QueryError)
  })

  it('works over an asynchronous search, rejecting at the first iteration', async () => {
    const async = async (p: Params) => target.reverse(p)
    expect(await collect(iterateAll('reverseAll', {}, async))).toHaveLength(250)
    const failing = iterateAll('reverseAll', { nope: '1' }, async)
    await expect(failing.next()).rejects.toThrow(QueryError)
  })
})
