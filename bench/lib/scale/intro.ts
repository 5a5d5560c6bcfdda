/**
 * The introduction of bench/reports/scale.md: what the scale benchmark measures and how, and the
 * growth tables across every scale the report holds (rewritten by every run).
 */
import { growthTables, type ScaleData } from './growth.js'

const INTRO = (heapMb: number): string => `# Scale benchmark: 100k, 1M and 10M WHOIS records

The whole engine at three scales of a generated corpus (\`writeSample\`, seed 1: N WHOIS records and
3N DNS observations, half MX and half TXT, over N/2 apexes), against plain \`JSON.parse\` of the same
lines and against peers on the same data and queries, in the same run. Regenerate a section with the
command it names (\`npx tsx bench/scale.bench.ts --scale N\`); a run replaces its own section and
these tables, and keeps the others.

Method:

- Each step runs in its own Node process (\`--expose-gc --max-old-space-size=${heapMb}\`, tsx) and reports
  JSON back; a step that fails (out of memory, timeout) is recorded with its exit code or signal.
  Memory "held" is RSS after a full collection minus the process's RSS before the step's work; peak
  RSS is the process's own maximum.
- JSON.parse baseline: every line of the three files read in 1 MiB chunks and \`JSON.parse\`d on one
  thread, values dropped (bench/lib/parse-lines.ts); lines/s against the build's records/s (WHOIS
  records + observations), by wall time and by process CPU time.
- domindex: \`Engine.build(sources)\` with default options, \`engine.save\`, then in a fresh process
  \`Engine.open\` and each family through \`engine.reverse\`/\`mx\`/\`txt\` (validation, search, page of 100
  decoded, or the summary): 3 warm-up calls, then the timed runs; the host family is 200 lookups,
  one run each.
- Families: the reverse families of bench/lib/reverse-families.ts and the DNS families of
  bench/lib/dns-families.ts, their terms picked from the corpus in result order.
- Peers (each in its own process, streaming the corpus with each record's result-order rank, so
  their rows are numbered as domindex numbers documents and a first page needs no sort):
  - scan: every record through the loader, matched in batches of 2,048 with the brute-force rules
    of test/reverse/reference.ts and the DNS families' scan rules; only the matching is timed, so a
    pass stands for a scan over records held in memory (10M records do not fit as objects). Each
    batch was just parsed and is still in the CPU caches, so this is a lower bound of an in-memory
    scan (the scans of bench/reverse.bench.ts and bench/peers.bench.ts, over 1M records held in an
    array, took 2–5× longer per family). \`most_recent\` adds a first pass for each apex's latest date.
  - SQLite FTS5 (bench/lib/sqlite-peer.ts): phrase = FTS5 phrase query, name = AND of terms in the
    organisation column, nameserver = reversed-host B-tree range, dates = B-tree ranges. Slop runs as
    \`NEAR\`, which is unordered and not Lucene slop: shown with †, not a goal.
  - SQLite for DNS (bench/lib/sqlite-dns-peer.ts): host = B-tree equality on the apex, nameserver and
    expression host terms = reversed-host B-tree ranges per context, txt = FTS5 phrase query (the
    same rule: consecutive tokens in one value), from/to = B-tree on the day, most_recent =
    \`max(day)\` per apex through an (apex, day) index, summaries = GROUP BY with a window total.
  - FlexSearch 0.8 (bench/lib/flexsearch-peer.ts): AND of words within one value; exact for name,
    an approximation (†) for a phrase; it cannot answer nameserver or date queries (n/a).
  - Apache Lucene 8 (bench/lib/lucene-peer.ts, a child JVM; skipped when not installed, see
    \`bash scripts/install-lucene.sh\`): the reverse families with domindex's analysis, one segment
    sorted in result order, count + the first 100 domains from doc values, query cache off, timed in
    Java after a warm-up of at least a second per family (bench/reports/lucene.md has the details).
  The peers' build times count their own inserts and index creation only (Lucene's also reads its
  corpus lines, from the page cache).
- Goals (the issue): at 10M records everything fits in this machine with room to spare; build at
  least 0.80× single-thread JSON.parse throughput; open() at least 20× faster than a build; every
  family under 10 ms median at 1M and at least 10× faster than SQLite on the same query; issue 18:
  \`engine.reverse()\` at or below Lucene's count + 100 keys on every reverse family at 1M.
`

/**
 * The report's introduction: the method, and the growth tables over every scale.
 *
 * @param all - the figures of every scale, ascending
 * @param heapMb - the steps' heap limit
 */
export function intro(all: readonly ScaleData[], heapMb: number): string {
  // A third-level heading: a second-level one would start a section of its own (report-sections.ts).
  return `${INTRO(heapMb)}\n### Growth across scales\n\n${growthTables(all)}\n`
}
