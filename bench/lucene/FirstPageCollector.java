import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;

/**
 * Counts every match and keeps the first {@code size} document ids. The index is sorted by result
 * rank and merged into one segment, so ascending document ids are result order and the first ids
 * collected are the first page: no priority queue, no scores.
 */
final class FirstPageCollector extends SimpleCollector {
  final int[] docs;
  int count;
  private int docBase;

  FirstPageCollector(int size) {
    docs = new int[size];
  }

  @Override
  protected void doSetNextReader(LeafReaderContext context) {
    docBase = context.docBase;
  }

  @Override
  public void collect(int doc) {
    if (count < docs.length) docs[count] = docBase + doc;
    count++;
  }

  @Override
  public ScoreMode scoreMode() {
    return ScoreMode.COMPLETE_NO_SCORES;
  }
}
