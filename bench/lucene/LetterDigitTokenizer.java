import java.io.IOException;
import java.text.Normalizer;
import java.util.Locale;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * domindex's analysis (src/analysis/tokenize.ts, SPEC 5) as a Lucene tokenizer: Unicode NFKC, then
 * lower case (Locale.ROOT, as JavaScript's toLowerCase), then the maximal runs of code points in
 * the letter (Lu, Ll, Lt, Lm, Lo) and number (Nd, Nl, No) categories, which is JavaScript's
 * {@code [\p{L}\p{N}]+}. Character.isLetterOrDigit would miss Nl and No ('Ⅻ', '½', '①').
 *
 * NFKC may merge or split characters across any boundary, so a value is read whole at reset()
 * (registration-text values are short). ASCII text is invariant under NFKC and skips it, as
 * tokenize.ts does.
 *
 * A stacked tokenizer puts every token of a value at one position (increment 0 after the first):
 * the organisation field uses it so that "all the name's tokens in one value" is a phrase whose
 * terms all sit at the same position (see ReverseQuery).
 */
final class LetterDigitTokenizer extends Tokenizer {
  private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
  private final PositionIncrementAttribute increment = addAttribute(PositionIncrementAttribute.class);
  private final boolean stacked;
  private final StringBuilder raw = new StringBuilder();
  private final char[] buffer = new char[1024];
  private String text = "";
  private int at;
  private boolean first;

  LetterDigitTokenizer(boolean stacked) {
    this.stacked = stacked;
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    raw.setLength(0);
    for (int n; (n = input.read(buffer)) != -1; ) raw.append(buffer, 0, n);
    text = analysed(raw);
    at = 0;
    first = true;
  }

  /** NFKC, then lower case. */
  static String analysed(CharSequence value) {
    boolean ascii = true;
    for (int i = 0; i < value.length() && ascii; i++) ascii = value.charAt(i) < 0x80;
    String normal = ascii ? value.toString() : Normalizer.normalize(value, Normalizer.Form.NFKC);
    return normal.toLowerCase(Locale.ROOT);
  }

  /** Whether a code point is a letter or a number, as {@code [\p{L}\p{N}]}. */
  static boolean isWord(int codePoint) {
    switch (Character.getType(codePoint)) {
      case Character.UPPERCASE_LETTER:
      case Character.LOWERCASE_LETTER:
      case Character.TITLECASE_LETTER:
      case Character.MODIFIER_LETTER:
      case Character.OTHER_LETTER:
      case Character.DECIMAL_DIGIT_NUMBER:
      case Character.LETTER_NUMBER:
      case Character.OTHER_NUMBER:
        return true;
      default:
        return false;
    }
  }

  @Override
  public boolean incrementToken() {
    clearAttributes();
    int n = text.length();
    while (at < n) {
      int c = text.codePointAt(at);
      if (isWord(c)) break;
      at += Character.charCount(c);
    }
    if (at >= n) return false;
    int start = at;
    while (at < n) {
      int c = text.codePointAt(at);
      if (!isWord(c)) break;
      at += Character.charCount(c);
    }
    term.append(text, start, at);
    increment.setPositionIncrement(stacked && !first ? 0 : 1);
    first = false;
    return true;
  }
}
