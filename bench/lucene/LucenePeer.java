import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.util.Version;

/**
 * The Apache Lucene peer of domindex's reverse search, driven by bench/lib/lucene-peer.ts over
 * standard input and output, one {@link TabFields} line per message:
 *
 * <pre>
 *   java LucenePeer --version
 *     → lucene version, JVM version
 *   java LucenePeer CORPUS INDEX-DIR THREADS RAM-BUFFER-MB  (indexes CORPUS into INDEX-DIR, then)
 *     → built, docs, index ms, flush + merge ms, read-only ms, bytes on disk, bytes by extension
 *   query, WARMUP, WARMUP-MS, RUNS, criterion, value, criterion, value …
 *     → answer, count, times in ms (comma-separated), domain, domain …   or error, message
 * </pre>
 *
 * A query's answer is the exact count and the first 100 domains in result order, read from doc
 * values. Each run builds the query from the criteria (analysis included), searches with the query
 * cache off and collects. Untimed warm-up runs come first, at least WARMUP of them and for at least
 * WARMUP-MS milliseconds (for the JIT), then RUNS runs timed with System.nanoTime.
 * The process ends when its input does.
 */
public final class LucenePeer {
  private static final int PAGE = 100;
  // Where a query line's criteria start.
  private static final int CRITERIA = 4;

  private LucenePeer() {}

  /** One answer: the count and the first page's domains. */
  private record Answer(int count, String[] domains) {}

  /** Runs the peer: see the class comment for the arguments and the messages. */
  public static void main(String[] args) throws Exception {
    BufferedWriter out =
        new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    if (args.length == 1 && args[0].equals("--version")) {
      reply(out, List.of(Version.LATEST.toString(), System.getProperty("java.vm.name") + " " + Runtime.version()));
      return;
    }
    try (MMapDirectory dir = new MMapDirectory(Path.of(args[1]))) {
      CorpusIndex.Built built =
          CorpusIndex.build(Path.of(args[0]), dir, Integer.parseInt(args[2]), Double.parseDouble(args[3]));
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        if (reader.leaves().size() != 1) throw new IllegalStateException("expected one segment");
        reply(
            out,
            List.of(
                "built",
                String.valueOf(built.docs()),
                String.valueOf(built.indexMs()),
                String.valueOf(built.flushMergeMs()),
                String.valueOf(built.readMs()),
                String.valueOf(built.bytes()),
                built.byExtension()));
        serve(reader, out);
      }
    }
  }

  /** Answers queries from standard input until it ends. */
  private static void serve(DirectoryReader reader, BufferedWriter out) throws Exception {
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setQueryCache(null);
    LeafReader leaf = reader.leaves().get(0).reader();
    RegistrationAnalyzer analyzer = new RegistrationAnalyzer();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      List<String> fields = TabFields.split(line);
      try {
        int warmup = Integer.parseInt(fields.get(1));
        long warmupEnd = System.nanoTime() + Long.parseLong(fields.get(2)) * 1_000_000;
        int runs = Integer.parseInt(fields.get(3));
        Answer answer = answer(searcher, leaf, ReverseQuery.parse(fields, CRITERIA, analyzer));
        for (int i = 0; i < warmup || System.nanoTime() < warmupEnd; i++) {
          answer(searcher, leaf, ReverseQuery.parse(fields, CRITERIA, analyzer));
        }
        StringBuilder times = new StringBuilder();
        for (int i = 0; i < runs; i++) {
          long t0 = System.nanoTime();
          Answer again = answer(searcher, leaf, ReverseQuery.parse(fields, CRITERIA, analyzer));
          long t1 = System.nanoTime();
          if (again.count() != answer.count()) throw new IllegalStateException("count changed between runs");
          if (i > 0) times.append(',');
          times.append((t1 - t0) / 1e6);
        }
        String[] message = new String[3 + answer.domains().length];
        message[0] = "answer";
        message[1] = String.valueOf(answer.count());
        message[2] = times.toString();
        System.arraycopy(answer.domains(), 0, message, 3, answer.domains().length);
        reply(out, List.of(message));
      } catch (Exception e) {
        reply(out, List.of("error", String.valueOf(e)));
      }
    }
  }

  /** Counts the matches of a query and reads the first page's domains. */
  private static Answer answer(IndexSearcher searcher, LeafReader leaf, Query query) throws Exception {
    FirstPageCollector page = new FirstPageCollector(PAGE);
    searcher.search(query, page);
    String[] domains = new String[Math.min(page.count, PAGE)];
    BinaryDocValues values = leaf.getBinaryDocValues(CorpusIndex.DOMAIN);
    for (int i = 0; i < domains.length; i++) {
      if (!values.advanceExact(page.docs[i])) throw new IllegalStateException("document without a domain");
      domains[i] = values.binaryValue().utf8ToString();
    }
    return new Answer(page.count, domains);
  }

  private static void reply(BufferedWriter out, List<String> fields) throws Exception {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) line.append('\t');
      TabFields.append(line, fields.get(i));
    }
    out.write(line.append('\n').toString());
    out.flush();
  }
}
