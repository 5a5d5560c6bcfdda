import org.apache.lucene.analysis.Analyzer;

/**
 * The analyzer of the peer's two text fields, both with {@link LetterDigitTokenizer}:
 *
 * <ul>
 *   <li>{@code text}: every registration-text value, tokens at consecutive positions and 100
 *       positions between values (Lucene's usual gap, domindex's POSITION_GAP), for phrases;
 *   <li>{@code org}: every distinct organization value, all tokens of a value at one position and
 *       the next value at the next position (gap 0), for names.
 * </ul>
 *
 * One difference from domindex's positions: Lucene adds the gap after every value, a value without
 * tokens (say "---") included, where domindex gives such a value no positions at all. Positions
 * then differ only by extra multiples of 100 between values, which no phrase can bridge at SPEC's
 * largest slop, 50, so no answer can differ.
 */
final class RegistrationAnalyzer extends Analyzer {
  static final String TEXT = "text";
  static final String ORG = "org";

  RegistrationAnalyzer() {
    super(PER_FIELD_REUSE_STRATEGY);
  }

  @Override
  protected TokenStreamComponents createComponents(String field) {
    return new TokenStreamComponents(new LetterDigitTokenizer(field.equals(ORG)));
  }

  @Override
  public int getPositionIncrementGap(String field) {
    return field.equals(TEXT) ? 100 : 0;
  }
}
