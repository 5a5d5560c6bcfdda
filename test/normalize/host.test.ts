import { describe, expect, it } from 'vitest'
import { normalizeHost } from '../../src/normalize/host.js'

describe('normalizeHost', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['  example.com.  ', 'example.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['MÜNCHEN.DE.', 'xn--mnchen-3ya.de'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['_spf.google.com', '_spf.google.com'],
    ['a-b.c', 'a-b.c'],
  ])('%s → %s', (raw, host) => {
    expect(normalizeHost(raw)).toEqual({ ok: true, host })
  })

  it.each([
    ['', 'empty host'],
    ['.', 'empty host'],
    ['a..b', 'empty label'],
    ['.example.com', 'empty label'],
    ['example.com..', 'empty label'],
    ['ex ample.com', 'illegal characters'],
    ['ex\u0000ample.cöm', 'not a valid internationalised host name'],
    ['exa$mple.com', 'illegal characters'],
    ['-a.com', 'illegal characters'],
    ['a-.com', 'illegal characters'],
    [`${'a'.repeat(64)}.com`, 'longer than 63'],
    [`${'a.'.repeat(127)}com`, 'longer than 253'],
  ])('%j is rejected (%s)', (raw, reason) => {
    const result = normalizeHost(raw)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toContain(reason)
  })
})
