/** Small builders of DNS observations for the hand-written tests. */
import type { Item, Observation } from '../../src/types.js'

/** The metadata item naming the apex. */
export const apex = (host: string): Item => ({ context: '', is_metadata: true, type: 'host', value: host })

/** An MX host with its preference. */
export const mx = (host: string, preference = '10'): Item[] => [
  { context: 'dns-mx', is_metadata: false, type: 'host', value: host },
  { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: preference },
]

/** A TXT record. */
export const txt = (text: string): Item => ({
  context: 'dns-txt',
  is_metadata: false,
  type: 'txt',
  value: text,
})

/** The answering nameserver. */
export const ns = (host: string): Item => ({
  context: 'dns-ns',
  is_metadata: false,
  type: 'host',
  value: host,
})

/** An observation. */
export const observation = (id: string, date: string, ...items: (Item | Item[])[]): Observation => ({
  date,
  id,
  items: items.flat(),
})
