import java.util.ArrayList;
import java.util.List;

/**
 * The line format shared with bench/lib/lucene-peer.ts: one record, query or answer a line, its
 * fields separated by tabs, and in each field a backslash, tab, line feed or carriage return written
 * as {@code \\}, {@code \t}, {@code \n}, {@code \r}. Every other character, astral ones included,
 * is itself (UTF-8 on the wire).
 */
final class TabFields {
  private TabFields() {}

  /** The fields of a line, unescaped. */
  static List<String> split(String line) {
    List<String> fields = new ArrayList<>();
    if (line.indexOf('\\') < 0) {
      int start = 0;
      for (int tab; (tab = line.indexOf('\t', start)) >= 0; start = tab + 1) fields.add(line.substring(start, tab));
      fields.add(line.substring(start));
      return fields;
    }
    StringBuilder field = new StringBuilder();
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\t') {
        fields.add(field.toString());
        field.setLength(0);
      } else if (c == '\\' && i + 1 < line.length()) {
        char e = line.charAt(++i);
        field.append(e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : e);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }

  /** Appends a field, escaped, to a line being written. */
  static void append(StringBuilder line, String field) {
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      switch (c) {
        case '\\' -> line.append("\\\\");
        case '\t' -> line.append("\\t");
        case '\n' -> line.append("\\n");
        case '\r' -> line.append("\\r");
        default -> line.append(c);
      }
    }
  }
}
