/**
 * The `zone` parser (SPEC 13) rule by rule, on zone text written as BIND, `dig` and massdns write
 * it: names and the origin, owners that continue, TTL and class, types kept and skipped,
 * parentheses, quoting and escapes, MX/NS/TXT data, directives, and rejects at the line a record
 * starts on. Names and addresses are documentation ones (RFC 2606, RFC 5737).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ZoneReader } from '../../src/ingest/formats/zone.js'

const DAY = '2024-03-05'

/** What each record of `text` gave, with its line; blank lines are not handed on, as in a load. */
function read(text: string): { line: number; outcome: unknown }[] {
  const out: { line: number; outcome: unknown }[] = []
  const zone = new ZoneReader(DAY, (outcome, line) => out.push({ line, outcome }))
  text.split('\n').forEach((line, i) => {
    if (line.trim() !== '') zone.push(line, i + 1)
  })
  zone.end()
  return out
}

/** The outcomes alone. */
const outcomes = (text: string) => read(text).map((r) => r.outcome)

const mx = (name: string, value: string, preference: number) => ({
  name,
  kind: 'mx',
  value,
  preference,
  day: DAY,
})
const txt = (name: string, value: string) => ({ name, kind: 'txt', value, day: DAY })
const ns = (name: string, value: string) => ({ name, kind: 'ns', value, day: DAY })

describe('names', () => {
  it('reads @ as the origin, names without a dot relative to it, names with one as absolute', () => {
    expect(
      outcomes(
        [
          '$ORIGIN Example.COM.',
          '@ MX 10 mx1',
          'www MX 10 @',
          'other.example.net. NS ns1.example.net.',
          '*.example.com. TXT wild',
        ].join('\n'),
      ),
    ).toEqual([
      mx('example.com', 'mx1.example.com', 10),
      mx('www.example.com', 'example.com', 10),
      ns('other.example.net', 'ns1.example.net'),
      txt('*.example.com', 'wild'),
    ])
  })

  it('normalises names as the other DNS formats do: lower case, punycode, no trailing dot', () => {
    expect(outcomes('MÜNCHEN.de. MX 5 Mail.München.DE.\n$ORIGIN bücher.de.\n@ NS NS1')).toEqual([
      mx('xn--mnchen-3ya.de', 'mail.xn--mnchen-3ya.de', 5),
      ns('xn--bcher-kva.de', 'ns1.xn--bcher-kva.de'),
    ])
  })

  it('reads a relative $ORIGIN under the current one, and the root origin', () => {
    expect(outcomes('$ORIGIN com.\n$ORIGIN example\n@ TXT a\n$ORIGIN .\nexample.org TXT b')).toEqual([
      txt('example.com', 'a'),
      txt('example.org', 'b'),
    ])
  })

  it('rejects a relative name or @ before any $ORIGIN, naming the name', () => {
    expect(read('www TXT a\n@ TXT b\nexample.com. MX 10 mx1')).toEqual([
      { line: 1, outcome: 'owner "www" is relative, and no $ORIGIN is set' },
      { line: 2, outcome: '"@" stands for the origin, and no $ORIGIN is set' },
      { line: 3, outcome: 'MX exchange "mx1" is relative, and no $ORIGIN is set' },
    ])
  })

  it('never puts names under an earlier origin once a later $ORIGIN was rejected', () => {
    expect(read('$ORIGIN example.com.\n$ORIGIN a_b c.\nwww TXT x\nok.example.org. TXT y')).toEqual([
      { line: 2, outcome: '$ORIGIN takes one name, got "a_b c."' },
      { line: 3, outcome: 'owner "www" is relative, and the $ORIGIN of line 2 was rejected' },
      { line: 4, outcome: txt('ok.example.org', 'y') },
    ])
    expect(read('$ORIGIN example.com.\n$ORIGIN a\\300.com.\nwww TXT x')).toEqual([
      { line: 2, outcome: 'bad escape "\\300": \\DDD is a byte, 0 to 255' },
      { line: 3, outcome: 'owner "www" is relative, and the $ORIGIN of line 2 was rejected' },
    ])
    expect(outcomes('$ORIGIN a\\032b.com.')[0]).toBe(
      '$ORIGIN is not a host name (illegal characters in label "a b"): "a b.com"',
    )
  })

  it('rejects names that are no host names, and a name with an escaped dot inside a label', () => {
    expect(outcomes('a!b.example.com. TXT x')).toEqual([
      'owner is not a host name (illegal characters in label "a!b"): "a!b.example.com"',
    ])
    expect(outcomes('a\\.b.example.com. TXT x\nexample.com. MX 1 a\\046b.example.com.')).toEqual([
      'owner "a.b.example.com." has a dot inside a label (\\.), which no host name has',
      'MX exchange "a.b.example.com." has a dot inside a label (\\.), which no host name has',
    ])
  })

  it('skips records at the root, which is no apex', () => {
    expect(outcomes('. NS a.root-servers.net.')).toEqual([{ skip: 'name "." (the root) is not an apex' }])
  })
})

describe('owners that continue', () => {
  it('gives a line starting with white space the previous owner, across $ORIGIN and skipped types', () => {
    expect(
      outcomes(
        [
          '$ORIGIN example.com.',
          'www A 192.0.2.1',
          '\tTXT "at www"',
          '$ORIGIN example.org.',
          '  MX 10 mx1',
          '@ TXT org',
          ' NS ns1',
        ].join('\n'),
      ),
    ).toEqual([
      { skip: 'type "A" is not mx, txt or ns' },
      txt('www.example.com', 'at www'),
      mx('www.example.com', 'mx1.example.org', 10),
      txt('example.org', 'org'),
      ns('example.org', 'ns1.example.org'),
    ])
  })

  it('rejects a continuing line with no owner before it, and one whose owner was rejected', () => {
    expect(read('  TXT a\nbad!.example.com. TXT b\n  TXT c')).toEqual([
      {
        line: 1,
        outcome: 'the line starts with white space, which continues the previous owner, and none came before',
      },
      {
        line: 2,
        outcome: 'owner is not a host name (illegal characters in label "bad!"): "bad!.example.com"',
      },
      {
        line: 3,
        outcome: 'owner is not a host name (illegal characters in label "bad!"): "bad!.example.com"',
      },
    ])
  })
})

describe('TTL, class and type', () => {
  it('takes the TTL and the class in either order, each optional, TTLs with units, any case', () => {
    const lines = [
      'example.com. 3600 IN MX 10 a.example.net.',
      'example.com. in 1h30M mx 20 b.example.net.',
      'example.com. 2d Mx 30 c.example.net.',
      'example.com. IN MX 40 d.example.net.',
      'example.com. CLASS1 1W mX 50 e.example.net.',
    ]
    expect(outcomes(lines.join('\n')).map((o) => (o as { preference: number }).preference)).toEqual([
      10, 20, 30, 40, 50,
    ])
  })

  it('skips and counts records of other types and classes, without checking their owner or data', () => {
    expect(
      outcomes(
        [
          'example.com. CH TXT "chaos"',
          'version.bind. 0 HS TXT x',
          'example.com. SOA ns1.example.com. host.example.com. ( 1 7200 3600 1209600 300 )',
          'relative-without-origin A 192.0.2.1',
          'example.com. AAAA 2001:db8::1',
          'example.com. TYPE65 \\# 3 010203',
          'example.com. SPF "v=spf1 -all"',
          'example.com. MX \\# 4 000a0000',
        ].join('\n'),
      ),
    ).toEqual([
      { skip: 'class "CH" is not IN' },
      { skip: 'class "HS" is not IN' },
      { skip: 'type "SOA" is not mx, txt or ns' },
      { skip: 'type "A" is not mx, txt or ns' },
      { skip: 'type "AAAA" is not mx, txt or ns' },
      { skip: 'type "TYPE65" is not mx, txt or ns' },
      { skip: 'type "SPF" is not mx, txt or ns' },
      { skip: 'generic MX data (RFC 3597 \\#) is not decoded' },
    ])
  })

  it('rejects a record without a type', () => {
    expect(outcomes('example.com.\nexample.com. 300 IN\nexample.com. 10 mx.example.com.')).toEqual([
      'expected a record type after the owner, TTL and class, got nothing',
      'expected a record type after the owner, TTL and class, got nothing',
      'expected a record type after the owner, TTL and class, got "mx.example.com."',
    ])
  })
})

describe('parentheses and comments', () => {
  it('reads a record over several lines, with comments inside, at the line it starts on', () => {
    const text = [
      '; the zone',
      '$ORIGIN example.com.',
      '@ 300 IN TXT ( "v=spf1 "   ; first part',
      '',
      '   ; a comment line inside',
      '   "include:_spf.example.net -all" )  ; end',
      '@ MX (',
      '  10',
      '  mx1 )',
    ].join('\n')
    expect(read(text)).toEqual([
      { line: 3, outcome: txt('example.com', 'v=spf1 include:_spf.example.net -all') },
      { line: 7, outcome: mx('example.com', 'mx1.example.com', 10) },
    ])
  })

  it('rejects a "(" never closed at the end of the file, at the line its record starts', () => {
    expect(read('example.com. TXT a\nexample.com. MX ( 10\n mx.example.net.')).toEqual([
      { line: 1, outcome: txt('example.com', 'a') },
      { line: 2, outcome: 'a "(" is never closed: the file ends inside the record' },
    ])
  })

  it('rejects a ")" that closes no "(", and goes on with the next line', () => {
    expect(read('example.com. TXT a )\n)\nexample.com. TXT b')).toEqual([
      { line: 1, outcome: 'a ")" closes no "("' },
      { line: 2, outcome: 'a ")" closes no "("' },
      { line: 3, outcome: txt('example.com', 'b') },
    ])
  })

  it('reads ; ( ) and white space inside quotes as text', () => {
    expect(outcomes('example.com. TXT "a ; (b)\tc"')).toEqual([txt('example.com', 'a ; (b)\tc')])
  })

  it('reads CRLF line ends', () => {
    expect(outcomes('example.com. MX 10 mx.example.net.\r\nexample.com. TXT "x"\r')).toEqual([
      mx('example.com', 'mx.example.net', 10),
      txt('example.com', 'x'),
    ])
  })
})

describe('character-strings and escapes', () => {
  it("joins a TXT record's strings without a separator, quoted or not", () => {
    expect(outcomes('example.com. TXT "v=spf1 ip4:192.0.2.0/24" " -all" unquoted "" end')).toEqual([
      txt('example.com', 'v=spf1 ip4:192.0.2.0/24 -allunquotedend'),
    ])
  })

  it('decodes \\", \\\\, \\X and \\DDD, reading the bytes as UTF-8', () => {
    expect(outcomes('example.com. TXT "say \\"hi\\" \\\\ \\; \\x" a\\ b \\195\\188 "caf\\195\\169"')).toEqual(
      [txt('example.com', 'say "hi" \\ ; xa bücafé')],
    )
    expect(outcomes('example.com. TXT "\\240\\159\\152\\128 😀 \\000\\255"')).toEqual([
      txt('example.com', '😀 😀 \u0000\uFFFD'),
    ])
  })

  it('joins the bytes of strings that a 255-byte split cut inside a character', () => {
    expect(outcomes('example.com. TXT "M\\195" "\\188nchen"')).toEqual([txt('example.com', 'München')])
  })

  it('takes strings longer than 255 bytes as written', () => {
    const long = 'k'.repeat(700)
    expect(outcomes(`example.com. TXT "${long}"`)).toEqual([txt('example.com', long)])
  })

  it("rejects bad escapes and a quoted string left open, at the record's first line", () => {
    expect(
      read(
        [
          'example.com. TXT "\\256"',
          'example.com. TXT "\\12x"',
          'example.com. TXT ab\\',
          'example.com. TXT "open',
          'example.com. TXT ( "a"',
          '   "\\999" )',
          'example.com. TXT "fine"',
        ].join('\n'),
      ),
    ).toEqual([
      { line: 1, outcome: 'bad escape "\\256": \\DDD is a byte, 0 to 255' },
      { line: 2, outcome: 'bad escape "\\12x": \\DDD takes three digits' },
      { line: 3, outcome: 'bad escape: a "\\" ends the line' },
      { line: 4, outcome: 'a quoted string is not closed on its line' },
      { line: 5, outcome: 'bad escape "\\999": \\DDD is a byte, 0 to 255 (line 6)' },
      { line: 7, outcome: txt('example.com', 'fine') },
    ])
  })

  it('rejects a TXT record without strings', () => {
    expect(outcomes('example.com. TXT ; nothing')).toEqual([
      'a TXT record needs at least one character-string',
    ])
  })
})

describe('MX and NS data', () => {
  it('reads the null MX, and exchanges relative to the origin', () => {
    expect(outcomes('$ORIGIN example.com.\n@ MX 0 .\n@ MX 65535 mail\n@ MX 010 @')).toEqual([
      mx('example.com', '.', 0),
      mx('example.com', 'mail.example.com', 65535),
      mx('example.com', 'example.com', 10),
    ])
  })

  it('rejects a bad preference and data of the wrong length, naming what it must be', () => {
    expect(
      outcomes(
        [
          'example.com. MX ten mx.example.net.',
          'example.com. MX 65536 mx.example.net.',
          'example.com. MX -1 mx.example.net.',
          'example.com. MX 10',
          'example.com. MX 10 a.example.net. b.example.net.',
          'example.com. NS',
          'example.com. NS a.example.net. b.example.net.',
          'example.com. NS .',
        ].join('\n'),
      ),
    ).toEqual([
      'MX preference must be an integer from 0 to 65535, got "ten"',
      'MX preference must be an integer from 0 to 65535, got "65536"',
      'MX preference must be an integer from 0 to 65535, got "-1"',
      'MX data is "<preference> <exchange>", got "10"',
      'MX data is "<preference> <exchange>", got "10 a.example.net. b.example.net."',
      'NS data is one host name, got nothing',
      'NS data is one host name, got "a.example.net. b.example.net."',
      'NS host is not a host name (empty host): "."',
    ])
  })
})

describe('directives', () => {
  it('checks $TTL, refuses $INCLUDE and unknown directives, and skips $GENERATE', () => {
    expect(
      read(
        [
          '$TTL 3600',
          '$ttl 1h30m',
          '$TTL soon',
          '$INCLUDE /etc/passwd',
          '$GENERATE 1-9 host$ A 192.0.2.$',
          '$ORIGN example.com.',
        ].join('\n'),
      ),
    ).toEqual([
      { line: 3, outcome: '$TTL takes one TTL (seconds, or units such as 1h30m), got "soon"' },
      {
        line: 4,
        outcome:
          '$INCLUDE is not followed: data does not open files (load the included file as a source of its own)',
      },
      { line: 5, outcome: { skip: '$GENERATE is not expanded' } },
      { line: 6, outcome: 'unknown directive "$ORIGN" (known: $ORIGIN, $TTL, $INCLUDE, $GENERATE)' },
    ])
  })
})

describe('dig and massdns output', () => {
  it('reads a dig answer: headers, the question and the sections are comments', () => {
    const dig = `
; <<>> DiG 9.18.24 <<>> example.com MX
;; global options: +cmd
;; Got answer:
;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 4242
;; flags: qr rd ra; QUERY: 1, ANSWER: 2, AUTHORITY: 0, ADDITIONAL: 1

;; OPT PSEUDOSECTION:
; EDNS: version: 0, flags:; udp: 1232
;; QUESTION SECTION:
;example.com.			IN	MX

;; ANSWER SECTION:
example.com.		300	IN	MX	20 mx2.example.net.
example.com.		300	IN	MX	10 mx1.example.net.

;; AUTHORITY SECTION:
example.com.		3600	IN	SOA	ns1.example.net. hostmaster.example.com. 2024030501 7200 3600 1209600 300

;; ADDITIONAL SECTION:
mx1.example.net.	300	IN	A	192.0.2.25

;; Query time: 12 msec
;; SERVER: 192.0.2.53#53(192.0.2.53) (UDP)
;; WHEN: Tue Mar 05 12:00:00 UTC 2024
;; MSG SIZE  rcvd: 120
`
    expect(read(dig)).toEqual([
      { line: 14, outcome: mx('example.com', 'mx2.example.net', 20) },
      { line: 15, outcome: mx('example.com', 'mx1.example.net', 10) },
      { line: 18, outcome: { skip: 'type "SOA" is not mx, txt or ns' } },
      { line: 21, outcome: { skip: 'type "A" is not mx, txt or ns' } },
    ])
  })

  it('reads dig +multiline TXT answers and its escaped bytes', () => {
    const dig = [
      ';; ANSWER SECTION:',
      'example.com.\t\t300 IN TXT\t"v=DKIM1; k=rsa; p=MIIBIjANBgkq" "hkiG9w0BAQEFAAOCAQ8A"',
      'example.com.\t\t300 IN TXT\t"gr\\195\\188\\195\\159e \\"quoted\\""',
    ].join('\n')
    expect(outcomes(dig)).toEqual([
      txt('example.com', 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A'),
      txt('example.com', 'grüße "quoted"'),
    ])
  })

  it('reads massdns -o S lines, with and without TTL and class', () => {
    const massdns = [
      'example.com. MX 10 mx1.example.net.',
      'example.com. NS ns1.example.net.',
      'example.org. TXT "v=spf1 -all"',
      'example.org. A 192.0.2.1',
      'example.net. 300 IN MX 0 .',
    ].join('\n')
    expect(outcomes(massdns)).toEqual([
      mx('example.com', 'mx1.example.net', 10),
      ns('example.com', 'ns1.example.net'),
      txt('example.org', 'v=spf1 -all'),
      { skip: 'type "A" is not mx, txt or ns' },
      mx('example.net', '.', 0),
    ])
  })
})

describe('any text', () => {
  it('never throws: each record gives a record, a skip or a reason, at a line it was given', () => {
    const piece = fc.constantFrom(
      '$ORIGIN',
      '$TTL',
      '@',
      'a.com.',
      'www',
      ' ',
      '\t',
      '(',
      ')',
      ';',
      '"',
      '\\',
      '\\1',
      '\\255',
      'MX',
      'TXT',
      'NS',
      'IN',
      '10',
      '.',
      'ü',
    )
    const line = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''))
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const given = new Set<number>()
        const seen: number[] = []
        const zone = new ZoneReader(DAY, (outcome, at) => {
          expect(typeof outcome === 'string' || 'skip' in outcome || 'kind' in outcome).toBe(true)
          seen.push(at)
        })
        lines.forEach((text, i) => {
          if (text.trim() === '') return
          given.add(i + 1)
          zone.push(text, i + 1)
        })
        zone.end()
        for (const at of seen) expect(given.has(at)).toBe(true)
      }),
      { seed: 1035, numRuns: 500 },
    )
  })
})
