/**
 * Writes a seeded sample corpus (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl) by streaming:
 *
 *   npx tsx scripts/generate.ts --whois 3000 --dns 6000 --seed 1 --out data
 *
 * `--dns` counts MX and TXT observations together; `--apexes` (default: one per 6 observations) sets
 * how many domains they observe. The same arguments always produce byte-identical files.
 */
import { parseArgs } from 'node:util'
import { writeSample } from '../src/generate/write-sample.js'

const USAGE = 'usage: npx tsx scripts/generate.ts --whois N --dns M --seed S --out DIR [--apexes K]'

/** A non-negative integer option, or the fallback when absent; exits with the usage on anything else. */
function count(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback
  const n = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n))
    usage(`--${name} must be a non-negative integer, got ${JSON.stringify(text)}`)
  return n
}

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`)
  process.exit(2)
}

let values: { whois?: string; dns?: string; seed?: string; out?: string; apexes?: string }
try {
  values = parseArgs({
    options: {
      whois: { type: 'string' },
      dns: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      apexes: { type: 'string' },
    },
  }).values
} catch (error) {
  usage((error as Error).message)
}
if (values.out === undefined) usage('--out is required')
const started = performance.now()
const files = await writeSample({
  whois: count('whois', values.whois, 0),
  dns: count('dns', values.dns, 0),
  seed: count('seed', values.seed, 1),
  out: values.out,
  ...(values.apexes === undefined ? {} : { apexes: count('apexes', values.apexes, 0) }),
})
for (const file of [files.whois, files.mx, files.txt]) {
  console.log(`${file.path}: ${file.records} records, ${file.bytes} bytes`)
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
