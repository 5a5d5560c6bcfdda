/**
 * Temporary input files for loading tests: one directory per test file, removed afterwards.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Observation, WhoisRecord } from '../../src/types.js'

/** A temporary directory with helpers to write files into it. */
export interface TempFiles {
  dir: string
  /** Writes text (or bytes) and returns the file's path. */
  write(name: string, content: string | Buffer): Promise<string>
  /** Writes gzip-compressed text and returns the file's path. */
  gzip(name: string, content: string): Promise<string>
  /** Writes values as JSON Lines and returns the file's path. */
  lines(name: string, values: readonly unknown[]): Promise<string>
  remove(): Promise<void>
}

/** Creates a temporary directory. */
export async function tempFiles(): Promise<TempFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'domindex-test-'))
  const write = async (name: string, content: string | Buffer): Promise<string> => {
    const path = join(dir, name)
    await writeFile(path, content)
    return path
  }
  return {
    dir,
    write,
    gzip: (name, content) => write(name, gzipSync(content)),
    lines: (name, values) => write(name, values.map((v) => JSON.stringify(v)).join('\n') + '\n'),
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

/** A small valid WHOIS record for `name`. */
export function whoisRecord(name: string, extra: Partial<WhoisRecord> = {}): WhoisRecord {
  return {
    query: name,
    domain: {
      name,
      created: '2019-08-13T12:54:22Z',
      updated: '2020-01-02T03:04:05-0700',
      expires: '2025-08-13',
      nameservers: ['ns1.example-dns.net', 'NS2.EXAMPLE-DNS.NET'],
    },
    registrant: { organization: 'Acme Holdings', country: 'US', redacted: false },
    ...extra,
  }
}

/** A small valid observation of `kind` for `apex`. */
export function observation(id: string, apex: string, kind: 'mx' | 'txt' | 'empty'): Observation {
  const items: Observation['items'] = [{ context: '', is_metadata: true, type: 'host', value: apex }]
  if (kind === 'mx') {
    items.push(
      { context: 'dns-mx', is_metadata: false, type: 'host', value: `mail.${apex}` },
      { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: '10' },
    )
  } else if (kind === 'txt') {
    items.push({ context: 'dns-txt', is_metadata: false, type: 'txt', value: 'v=spf1 -all' })
  }
  items.push({ context: 'dns-ns', is_metadata: false, type: 'host', value: 'ns1.example-dns.net' })
  return { date: '2024-01-31', id, items }
}

/** A deep copy of a loaded WHOIS record without the `_norm` fields the loader adds to `domain`. */
export function withoutNorm(record: unknown): unknown {
  const copy = structuredClone(record) as { domain?: unknown }
  const domain = copy.domain
  if (typeof domain === 'object' && domain !== null) {
    for (const key of Object.keys(domain)) {
      if (key.endsWith('_norm')) delete (domain as Record<string, unknown>)[key]
    }
  }
  return copy
}
