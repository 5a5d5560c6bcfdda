import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;

/**
 * Indexes the corpus file bench/lib/lucene-peer.ts writes: one record a line, in {@link TabFields}
 * format, its fields
 *
 * <pre>
 *   rank, domain, created, updated, expires, K, host_1 … host_K, value …
 * </pre>
 *
 * where rank is the record's place in domindex's result order, the dates are the {@code _norm}
 * instants in epoch seconds (empty when absent), the hosts are the normalised nameservers and each
 * registration-text value is prefixed by {@code o} (an organization value) or {@code t} (any other).
 *
 * Fields of a document:
 *
 * <ul>
 *   <li>{@code text}: every value (positions, no norms), {@code org}: every distinct organization
 *       value (see {@link RegistrationAnalyzer});
 *   <li>{@code ns}: every label suffix of every host as one term ({@code ns1.cloudflare.com},
 *       {@code cloudflare.com}, {@code com}), so a label-aligned suffix match is a term query;
 *   <li>{@code created}, {@code updated}, {@code expires}: LongPoint of the instant, when present;
 *   <li>{@code rank}: numeric doc values, the index sort; {@code domain}: binary doc values.
 * </ul>
 *
 * The index is sorted on rank and merged into one segment, so document id = rank whatever order or
 * thread the records came in.
 */
final class CorpusIndex {
  static final String RANK = "rank";
  static final String DOMAIN = "domain";
  static final String NAMESERVER = "ns";
  static final String[] DATES = {"created", "updated", "expires"};

  private static final FieldType TEXT_TYPE = new FieldType();

  static {
    TEXT_TYPE.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS);
    TEXT_TYPE.setTokenized(true);
    TEXT_TYPE.setOmitNorms(true);
    TEXT_TYPE.freeze();
  }

  /**
   * What a build measured: the time to read the corpus, add its documents, merge them into one
   * segment and commit; its part after the last document was added (the flush of the documents
   * still buffered, the merge, the commit); a separate read-only pass over the corpus, for scale;
   * the bytes on disk, in all and by file extension ({@code pos=…,doc=…}).
   */
  record Built(int docs, double indexMs, double flushMergeMs, double readMs, long bytes, String byExtension) {}

  private CorpusIndex() {}

  /**
   * The milliseconds of reading the corpus's lines and nothing else (it also brings the file into
   * the page cache before the timed build, as the driver has just written it).
   */
  static double readMs(Path corpus) throws IOException {
    long t0 = System.nanoTime();
    try (BufferedReader reader = Files.newBufferedReader(corpus, StandardCharsets.UTF_8)) {
      while (reader.readLine() != null) {
        // Only the reading is measured.
      }
    }
    return (System.nanoTime() - t0) / 1e6;
  }

  /**
   * Indexes the corpus with {@code threads} threads, each reading blocks of lines in turn from the
   * one reader (so memory does not grow with the corpus), then merges into one segment and commits.
   *
   * @param ramBufferMb the IndexWriter's RAM buffer
   */
  static Built build(Path corpus, Directory dir, int threads, double ramBufferMb) throws Exception {
    double readMs = readMs(corpus);
    IndexWriterConfig config =
        new IndexWriterConfig(new RegistrationAnalyzer())
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
            .setIndexSort(new Sort(new SortField(RANK, SortField.Type.LONG)))
            .setRAMBufferSizeMB(ramBufferMb);
    AtomicInteger docs = new AtomicInteger();
    long t0 = System.nanoTime();
    long t1;
    try (BufferedReader reader = Files.newBufferedReader(corpus, StandardCharsets.UTF_8);
        IndexWriter writer = new IndexWriter(dir, config)) {
      List<Thread> workers = new ArrayList<>();
      List<Exception> failures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Thread worker =
            new Thread(
                () -> {
                  try {
                    for (List<String> block; !(block = nextBlock(reader)).isEmpty(); ) {
                      for (String line : block) writer.addDocument(document(line));
                      docs.addAndGet(block.size());
                    }
                  } catch (Exception e) {
                    synchronized (failures) {
                      failures.add(e);
                    }
                  }
                });
        worker.start();
        workers.add(worker);
      }
      for (Thread worker : workers) worker.join();
      if (!failures.isEmpty()) throw failures.get(0);
      t1 = System.nanoTime();
      writer.forceMerge(1);
      writer.commit();
    }
    long t2 = System.nanoTime();
    long bytes = 0;
    Map<String, Long> byExtension = new TreeMap<>();
    for (String file : dir.listAll()) {
      long length = dir.fileLength(file);
      bytes += length;
      byExtension.merge(file.substring(file.lastIndexOf('.') + 1), length, Long::sum);
    }
    StringBuilder parts = new StringBuilder();
    byExtension.forEach(
        (ext, length) -> parts.append(parts.length() == 0 ? "" : ",").append(ext).append('=').append(length));
    return new Built(docs.get(), (t2 - t0) / 1e6, (t2 - t1) / 1e6, readMs, bytes, parts.toString());
  }

  /** The next 1,000 lines of the corpus (fewer at its end, none after). */
  private static List<String> nextBlock(BufferedReader reader) throws IOException {
    List<String> block = new ArrayList<>(1000);
    synchronized (reader) {
      for (String line; block.size() < 1000 && (line = reader.readLine()) != null; ) block.add(line);
    }
    return block;
  }

  /** The document of one corpus line. */
  static Document document(String line) {
    List<String> f = TabFields.split(line);
    Document doc = new Document();
    doc.add(new NumericDocValuesField(RANK, Long.parseLong(f.get(0))));
    doc.add(new BinaryDocValuesField(DOMAIN, new BytesRef(f.get(1))));
    for (int d = 0; d < DATES.length; d++) {
      String instant = f.get(2 + d);
      if (!instant.isEmpty()) doc.add(new LongPoint(DATES[d], Long.parseLong(instant)));
    }
    int hosts = Integer.parseInt(f.get(5));
    Set<String> suffixes = new HashSet<>();
    for (int h = 0; h < hosts; h++) {
      String host = f.get(6 + h);
      suffixes.add(host);
      for (int dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
        suffixes.add(host.substring(dot + 1));
      }
    }
    for (String suffix : suffixes) doc.add(new StringField(NAMESERVER, suffix, Field.Store.NO));
    Set<String> organizations = new HashSet<>();
    for (int i = 6 + hosts; i < f.size(); i++) {
      String value = f.get(i);
      String text = value.substring(1);
      doc.add(new Field(RegistrationAnalyzer.TEXT, text, TEXT_TYPE));
      if (value.charAt(0) == 'o' && organizations.add(text)) {
        doc.add(new Field(RegistrationAnalyzer.ORG, text, TEXT_TYPE));
      }
    }
    return doc;
  }
}
