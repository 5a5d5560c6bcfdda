import { describe, expect, it } from 'vitest'
import { splitTarget } from '../../src/api/request-target.js'

describe('splitTarget', () => {
  it.each([
    ['/v1/domain/mx?host=a.com', '/v1/domain/mx', 'host=a.com'],
    ['/v1/domain/mx', '/v1/domain/mx', ''],
    ['https://any.host/v1/domain/mx?host=a.com#frag', '/v1/domain/mx', 'host=a.com'],
    ['HTTP://user@host:8080/v1/domain/txt?a=1?b', '/v1/domain/txt', 'a=1?b'],
    ['https://any.host?x=1', '/', 'x=1'],
    ['', '/', ''],
    ['v1/domain/mx', 'v1/domain/mx', ''],
  ])('splits %s', (target, path, query) => {
    expect(splitTarget(target)).toEqual({ path, query })
  })
})
