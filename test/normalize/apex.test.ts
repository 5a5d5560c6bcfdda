import { readFileSync } from 'node:fs'
import { domainToASCII } from 'node:url'
import { describe, expect, it } from 'vitest'
import { apexDomain } from '../../src/normalize/apex.js'
import { realData } from '../helpers/real-data.js'

describe('apexDomain', () => {
  it.each([
    ['www.example.co.uk', 'example.co.uk'],
    ['WWW.Example.COM.', 'example.com'],
    ['example.com', 'example.com'],
    ['a.b.c.example.com.br', 'example.com.br'],
    ['foo.blogspot.com', 'blogspot.com'],
    ['www.münchen.de', 'xn--mnchen-3ya.de'],
    ['example.unlistedtld', 'example.unlistedtld'],
  ])('%s → %s', (host, apex) => {
    expect(apexDomain(host)).toBe(apex)
  })

  it.each(['co.uk', 'com', '.example.com', '192.168.0.1', '[::1]', '', 'a..b', 'exa mple.com'])(
    '%j → null',
    (host) => {
      expect(apexDomain(host)).toBeNull()
    },
  )
})

const cases = realData('psl/cases.json')
describe.skipIf(cases === null)('apexDomain on the Public Suffix List test cases', () => {
  it('agrees with every case that does not need a private-section rule', () => {
    const rows = JSON.parse(readFileSync(cases as string, 'utf8')) as {
      input: string | null
      expected: string | null
    }[]
    let checked = 0
    for (const { input, expected } of rows) {
      if (input === null) continue
      // domindex uses the ICANN section only: the `uk.com` cases need a private rule.
      if (/(^|\.)uk\.com$/.test(input)) continue
      // IDN answers are punycode (SPEC 3), so compare against the punycode of the expectation.
      const want = expected === null ? null : domainToASCII(expected)
      expect(apexDomain(input), input).toBe(want)
      checked++
    }
    expect(checked).toBeGreaterThan(60)
  })
})
