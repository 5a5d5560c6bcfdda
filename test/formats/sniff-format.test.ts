/**
 * Format sniffing (SPEC 13) from a file's first bytes: the first records that parse decide, so a
 * broken or uninformative first line does not, and a first value too large for the head is told
 * by the member names written there.
 */
import { expect, it } from 'vitest'
import { formatOf } from '../../src/ingest/formats/sniff-format.js'

const head = (text: string) => Buffer.from(text)
const MX = '{"name":"a.com","type":"MX","value":"10 m.a.com","date":"2024-01-01"}'
const RDAP = '{"objectClassName":"domain","ldhName":"a.com"}'

it.each([
  ['API WHOIS records', 'whois', '{"query":"a.com"}\n', 'json'],
  ['API observations', 'dns', '{"date":"2024-01-01","id":"x","items":[]}\n', 'json'],
  ['RDAP lines', 'whois', `${RDAP}\n`, 'rdap'],
  ['an RDAP array', 'whois', `[${RDAP},`, 'rdap'],
  ['an RDAP dump opening with an error object', 'whois', `{"errorCode":404}\n${RDAP}\n`, 'rdap'],
  [
    'a search result larger than the head',
    'whois',
    `{"domainSearchResults":[{"ldhName":"a.com","x":"${'y'.repeat(70_000)}`,
    'rdap',
  ],
  [
    'a CSV with a BOM and the domain column second',
    'whois',
    '\uFEFFregistrarName,domainName\nR,a.com\n',
    'csv',
  ],
  ['DNS records', 'dns', `${MX}\n`, 'dns-records'],
  ['DNS records after a broken first line', 'dns', `{broken\n${MX}\n`, 'dns-records'],
  [
    'ZDNS opening with an NXDOMAIN answer',
    'dns',
    '{"name":"a.org","status":"NXDOMAIN","timestamp":"2024-01-01T00:00:00Z"}\n',
    'zdns',
  ],
  ['ZDNS in the results layout', 'dns', '{"name":"a.org","results":{"MX":{"status":"NOERROR"}}}\n', 'zdns'],
  ['nothing at all', 'dns', '\n\n', 'json'],
  ['a zone file opening with $ORIGIN', 'dns', '\n$ORIGIN example.com.\n@ MX 10 mx1\n', 'zone'],
  ['a zone file opening with comments and $ttl', 'dns', '; zone\n;\n$ttl 1h\n', 'zone'],
  ['a zone file opening with a record', 'dns', 'example.com.  3600 IN SOA ns1 host ( 1 2 3 4 5 )\n', 'zone'],
  ['a record with the class before the TTL', 'dns', '@ in 1h30m mx 10 mx1\n', 'zone'],
  [
    'a dig answer',
    'dns',
    '\n; <<>> DiG 9.18.24 <<>> example.com MX\n;; ANSWER SECTION:\nexample.com. 300 IN MX 10 mx.\n',
    'zone',
  ],
  ['a dig answer with no records', 'dns', ';; Got answer:\n;; ->>HEADER<<- status: NXDOMAIN\n', 'zone'],
  ['massdns -o S lines', 'dns', 'example.com. TXT "v=spf1 -all"\n', 'zone'],
  ['a generic type', 'dns', 'example.com. TYPE65 \\# 0\n', 'zone'],
  ['a list of names, which is no zone', 'dns', 'example.com\nexample.org\n', 'json'],
  ['a name and a word that is no type', 'dns', 'example.com. 300 IN BOGUS x\n', 'json'],
  ['zone text in a WHOIS list', 'whois', '$ORIGIN example.com.\n', 'json'],
] as const)('tells %s', (_name, kind, text, format) => {
  expect(formatOf(head(text), kind)).toBe(format)
})
