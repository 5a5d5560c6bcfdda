/**
 * Wildcard labels (SPEC 13, RFC 4592): `*` as the whole first label of a longer name is a host name
 * wherever one is accepted; anywhere else a `*` is still an illegal character.
 */
import { describe, expect, it } from 'vitest'
import { HostCheck } from '../../src/ingest/host-check.js'
import { checkObservation } from '../../src/ingest/observation-record.js'
import { normalizeHost } from '../../src/normalize/host.js'
import { apex, mx, ns, observation, txt } from '../dns/observations.js'

describe('wildcard host names', () => {
  it.each([
    ['*.example.com', '*.example.com'],
    [' *.Example.COM. ', '*.example.com'],
    ['*._domainkey.example.com', '*._domainkey.example.com'],
    ['*.münchen.de', '*.xn--mnchen-3ya.de'],
  ])('%j → %s', (raw, host) => {
    expect(normalizeHost(raw)).toEqual({ ok: true, host })
  })

  it.each([
    ['a*.example.com', 'illegal characters in label "a*"'],
    ['*a.example.com', 'illegal characters in label "*a"'],
    ['**.example.com', 'illegal characters in label "**"'],
    ['x.*.com', 'illegal characters in label "*"'],
    ['example.*', 'illegal characters in label "*"'],
    ['*.*.example.com', 'illegal characters in label "*"'],
    ['*', 'illegal characters in label "*"'],
    ['*.', 'illegal characters in label "*"'],
    ['*..example.com', 'empty label'],
  ])('%j is still rejected (%s)', (raw, reason) => {
    expect(normalizeHost(raw)).toEqual({ ok: false, reason })
  })

  it('loads an observation with wildcard host items', () => {
    const hosts = new HostCheck()
    const withMx = observation(
      'w1',
      '2024-03-05',
      apex('example.com'),
      mx('*.mx.example.net', '10'),
      ns('*.ns.example.net'),
    )
    expect(checkObservation(withMx, undefined, hosts)).toEqual({ ok: true, kind: 'mx', id: 'w1' })
    const atWildcard = observation('w2', '2024-03-05', apex('*.example.com'), txt('v=spf1 -all'))
    expect(checkObservation(atWildcard, undefined, hosts)).toEqual({ ok: true, kind: 'txt', id: 'w2' })
  })

  it('rejects an observation whose host item has a * elsewhere', () => {
    const hosts = new HostCheck()
    const bad = observation('w3', '2024-03-05', apex('example.com'), mx('a*.example.net', '10'))
    expect(checkObservation(bad, undefined, hosts)).toEqual({
      ok: false,
      reason: 'items[1].value is not a host name (illegal characters in label "a*"): "a*.example.net"',
    })
    expect(hosts.problem('x.*.com')).toBe('illegal characters in label "*"')
  })
})
