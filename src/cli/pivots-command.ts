/**
 * `domindex pivots`: what a domain shares with other domains (SPEC 14), as the
 * `/v1/domain/pivots` path answers it: each value with its count and the request that lists them.
 */
import { existsSync } from 'node:fs'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, loadInputs } from './inputs.js'
import { printError } from './output.js'
import { withProgress } from './progress.js'
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputChoice, writeBody } from './result-output.js'

const HELP = `Usage: domindex pivots INPUT... DOMAIN [--apex]

Prints what DOMAIN shares with other domains as JSON: every email, organization, phone, street,
registrar and nameserver of its WHOIS record, and every MX host and TXT value of its latest
observations, each with the number of results of the request that lists them (rarest first) and
that request, to pass to 'domindex query'.

  INPUT             a snapshot file, or a data directory (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl)
  DOMAIN            the domain, normalised like a host (case, trailing dot, Unicode)

Options:
${INPUT_HELP}
  --apex            use the domain's apex (www.example.co.uk: example.co.uk)
${OUTPUT_HELP}
  -h, --help        show this help

Exit status: 0 when the domain is held; 1 when it is not (a not_found error body is printed) or
loading failed; 2 for a usage mistake.`

/** The `pivots` subcommand. */
export const pivotsCommand: Command = {
  name: 'pivots',
  summary: "print a domain's pivots: what it shares with others, with counts",
  help: HELP,
  async run(args) {
    const { values, lists, positionals } = parseCommandArgs(
      args,
      { ...INPUT_OPTIONS, apex: { type: 'boolean' }, ...OUTPUT_OPTIONS },
      INPUT_LISTS,
    )
    const domain = positionals.pop()
    if (domain === undefined) throw new UsageError('give a DOMAIN after the input, like example.com')
    if (positionals.length === 0 && Object.values(lists).every((files) => files.length === 0)) {
      throw new UsageError(
        existsSync(domain)
          ? `give a DOMAIN after the input: domindex pivots ${domain} example.com`
          : `give an input (a snapshot, a data directory or files) before the DOMAIN ${domain}`,
      )
    }
    const choice = outputChoice(values)
    const engine = await withProgress((onProgress) =>
      loadInputs({ positionals, lists, values }, { onProgress }),
    )
    const apex = values['apex'] === true ? '&apex_domain=true' : ''
    const { status, body } = await engine.request(
      `/v1/domain/pivots?domain=${encodeURIComponent(domain)}${apex}`,
    )
    if (status !== 200) return printError(choice, body)
    await writeBody(choice, '/v1/domain/pivots', body, [])
    return 0
  },
}
