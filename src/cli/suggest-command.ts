/**
 * `domindex suggest`: the spelling variants of a value (SPEC 14), as the `/v1/domain/suggest`
 * path answers them: each held value with its count and the request that lists what holds it.
 */
import type { Engine } from '../engine.js'
import { SUGGEST_KINDS, type SuggestKind } from '../pivots/suggest-kinds.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, loadInputs } from './inputs.js'
import { printError } from './output.js'
import { preparedLines } from './prepared-lines.js'
import { withProgress } from './progress.js'
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputChoice, writeBody } from './result-output.js'

const HELP = `Usage: domindex suggest INPUT... KIND TEXT [--limit N]

Prints as JSON the held values of KIND that TEXT finds as word prefixes or with a small typo
('acme hold' finds 'Acme Holdings' and 'Acme Holdngs'), the most held first, each with the
number of results of the request that lists them and that request, to pass to 'domindex query'.
The first query of a kind indexes its values over every record; from a snapshot, that index is
kept beside it (SNAPSHOT.suggest/KIND) and read by the next call ('domindex build --suggest'
makes them all at build time).

  INPUT             a snapshot file, or a data directory (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl)
  KIND              email, organization, street, registrar or nameserver
  TEXT              what is known of the value (quote it when it has spaces)

Options:
${INPUT_HELP}
  --limit N         the most suggestions, 1 to 100 (default 10)
${OUTPUT_HELP}
  -h, --help        show this help

Exit status: 0 on an answer (even with no suggestion); 1 when the parameters are refused (the
error body is printed) or loading failed; 2 for a usage mistake.`

/** The `suggest` subcommand. */
export const suggestCommand: Command = {
  name: 'suggest',
  summary: 'print the spelling variants of a value, with counts',
  help: HELP,
  async run(args) {
    const { values, lists, positionals } = parseCommandArgs(
      args,
      { ...INPUT_OPTIONS, limit: { type: 'string' }, ...OUTPUT_OPTIONS },
      INPUT_LISTS,
    )
    const text = positionals.pop()
    const kind = positionals.pop()
    if (text === undefined || kind === undefined) {
      throw new UsageError("no kind and text: end with them, like organization 'acme hold'")
    }
    const choice = outputChoice(values)
    const engine = await withProgress((onProgress) =>
      loadInputs({ positionals, lists, values }, { onProgress }),
    )
    await prepareKind(engine, kind)
    const limit = typeof values['limit'] === 'string' ? `&limit=${encodeURIComponent(values['limit'])}` : ''
    const { status, body } = await engine.request(
      `/v1/domain/suggest?kind=${encodeURIComponent(kind)}&text=${encodeURIComponent(text)}${limit}`,
    )
    if (status !== 200) return printError(choice, body)
    await writeBody(choice, '/v1/domain/suggest', body, [])
    return 0
  },
}

// Reads or builds the kind's index before the request, saying on stderr when it was built and
// where it was kept; a kind the API refuses is left to the request, which answers its error.
async function prepareKind(engine: Engine, kind: string): Promise<void> {
  if (!(SUGGEST_KINDS as readonly string[]).includes(kind)) return
  for (const line of preparedLines(await engine.prepareSuggestions([kind as SuggestKind]))) {
    process.stderr.write(`domindex: ${line}\n`)
  }
}
