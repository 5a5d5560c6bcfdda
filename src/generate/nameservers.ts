/**
 * The nameservers of a generated domain: a provider drawn Zipf-like (a few providers serve most
 * domains) or, for 10% of domains, self-hosted `ns1.<domain>`/`ns2.<domain>`. The choice is a
 * function of the random state it is given, so callers that reseed from (seed, domain, era) get the
 * same set in WHOIS and in DNS observations of that era.
 */
import type { Random } from './random.js'
import { CLOUDFLARE_NAMES, NS_PROVIDERS, type NsProvider } from './vocab-dns.js'
import { Zipf } from './zipf.js'

const PROVIDERS = new Zipf(NS_PROVIDERS.length, 1.1)
const AWS_TLDS = ['com', 'net', 'org', 'co.uk']
const AZURE_TLDS = ['com', 'net', 'org', 'info']

/**
 * Draws the nameserver host names of a domain.
 *
 * @param apex - the domain's ASCII name, for self-hosted nameservers
 * @param random - a generator positioned for this domain and era
 * @example
 * ```ts
 * nameserversOf('example.com', random) // ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] or ['ns1.example.com', 'ns2.example.com'] …
 * ```
 */
export function nameserversOf(apex: string, random: Random): string[] {
  if (random.chance(0.1)) return [`ns1.${apex}`, `ns2.${apex}`]
  const provider = NS_PROVIDERS[PROVIDERS.sample(random)] as NsProvider
  const out: string[] = []
  switch (provider.pattern) {
    case 'numbered':
      for (let i = 1; i <= provider.count; i++) out.push(`ns${i}.${provider.zone}`)
      break
    case 'cloudflare': {
      const first = random.int(CLOUDFLARE_NAMES.length)
      const second = (first + 1 + random.int(CLOUDFLARE_NAMES.length - 1)) % CLOUDFLARE_NAMES.length
      out.push(`${CLOUDFLARE_NAMES[first]}.${provider.zone}`, `${CLOUDFLARE_NAMES[second]}.${provider.zone}`)
      break
    }
    case 'awsdns':
      for (let i = 0; i < AWS_TLDS.length; i++) {
        const group = String(random.int(64)).padStart(2, '0')
        out.push(`ns-${random.range(1, 2047)}.awsdns-${group}.${AWS_TLDS[i]}`)
      }
      break
    case 'paired': {
      const n = random.range(1, 39) * 2 - 1
      out.push(
        `ns${String(n).padStart(2, '0')}.${provider.zone}`,
        `ns${String(n + 1).padStart(2, '0')}.${provider.zone}`,
      )
      break
    }
    case 'azure': {
      const n = random.range(1, 9)
      for (let i = 0; i < AZURE_TLDS.length; i++) out.push(`ns${i + 1}-0${n}.azure-dns.${AZURE_TLDS[i]}`)
      break
    }
    case 'letters':
      for (let i = 0; i < provider.count; i++) out.push(`${'abcdefgh'[i]}.${provider.zone}`)
      break
  }
  return out
}
