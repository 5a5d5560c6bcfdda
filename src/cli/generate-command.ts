/**
 * `domindex generate`: writes a seeded sample corpus (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl)
 * into a directory; the same seed and sizes give byte-identical files.
 */
import { writeSample } from '../generate/write-sample.js'
import { parseCommandArgs, readCount, UsageError } from './args.js'
import type { Command } from './command.js'
import { formatBytes, formatCount } from './format.js'

const HELP = `Usage: domindex generate --out DIR [--whois N] [--dns M] [--seed S] [--apexes A]

Writes a reproducible sample corpus: DIR/whois.jsonl, DIR/dns-mx.jsonl and DIR/dns-txt.jsonl.

Options:
  --out DIR         the directory to write into, created when missing (required)
  --whois N         WHOIS records (default 3000)
  --dns M           DNS observations, MX and TXT half each (default 6000)
  --seed S          any whole number; the same seed gives the same files (default 1)
  --apexes A        distinct apex domains of the observations (default: one per 6 observations)
  -h, --help        show this help`

/** The `generate` subcommand. */
export const generateCommand: Command = {
  name: 'generate',
  summary: 'write a seeded sample corpus into a directory',
  help: HELP,
  async run(args) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        out: { type: 'string' },
        whois: { type: 'string', default: '3000' },
        dns: { type: 'string', default: '6000' },
        seed: { type: 'string', default: '1' },
        apexes: { type: 'string' },
      },
      [],
    )
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
    const { out, whois, dns, seed, apexes } = values
    if (typeof out !== 'string') throw new UsageError('--out DIR is required')
    const files = await writeSample({
      out,
      whois: readCount('whois', whois),
      dns: readCount('dns', dns),
      seed: readCount('seed', seed),
      ...(apexes === undefined ? {} : { apexes: readCount('apexes', apexes) }),
    })
    for (const file of [files.whois, files.mx, files.txt]) {
      process.stdout.write(
        `wrote ${file.path}: ${formatCount(file.records)} records, ${formatBytes(file.bytes)}\n`,
      )
    }
    return 0
  },
}
