import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * A reverse-search query (SPEC 5) as Lucene query, from the criteria bench/lib/lucene-peer.ts
 * sends as name/value pairs: every criterion a FILTER clause of one BooleanQuery.
 *
 * <ul>
 *   <li>{@code phrase} (+ {@code slop}): a PhraseQuery on {@code text} with Lucene's slop; one term
 *       is a TermQuery;
 *   <li>{@code name}: its distinct terms all at position 0 of one PhraseQuery on {@code org}, where
 *       each organization value's tokens share one position: a match is a value holding every
 *       term, in any order, exactly SPEC's rule;
 *   <li>{@code nameserver} (a normalised host): a TermQuery on {@code ns}, which holds every label
 *       suffix of every nameserver;
 *   <li>{@code created_from}, {@code created_to} … (epoch seconds, inclusive): one LongPoint range
 *       per date field, an absent end open.
 * </ul>
 */
final class ReverseQuery {
  private ReverseQuery() {}

  /** The query of the criteria in {@code fields[from…]}: name, value, name, value … */
  static Query parse(List<String> fields, int from, Analyzer analyzer) throws IOException {
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    String phrase = null;
    int slop = 0;
    long[] lower = new long[CorpusIndex.DATES.length];
    long[] upper = new long[CorpusIndex.DATES.length];
    Arrays.fill(lower, Long.MIN_VALUE);
    Arrays.fill(upper, Long.MAX_VALUE);
    boolean[] ranged = new boolean[CorpusIndex.DATES.length];
    for (int i = from; i + 1 < fields.size(); i += 2) {
      String name = fields.get(i);
      String value = fields.get(i + 1);
      switch (name) {
        case "phrase" -> phrase = value;
        case "slop" -> slop = Integer.parseInt(value);
        case "name" -> all.add(name(terms(analyzer, RegistrationAnalyzer.ORG, value)), BooleanClause.Occur.FILTER);
        case "nameserver" ->
            all.add(new TermQuery(new Term(CorpusIndex.NAMESERVER, value)), BooleanClause.Occur.FILTER);
        default -> {
          int d = dateIndex(name);
          long instant = Long.parseLong(value);
          if (name.endsWith("_from")) lower[d] = instant;
          else upper[d] = instant;
          ranged[d] = true;
        }
      }
    }
    if (phrase != null) {
      all.add(phrase(terms(analyzer, RegistrationAnalyzer.TEXT, phrase), slop), BooleanClause.Occur.FILTER);
    }
    for (int d = 0; d < ranged.length; d++) {
      if (ranged[d]) {
        all.add(LongPoint.newRangeQuery(CorpusIndex.DATES[d], lower[d], upper[d]), BooleanClause.Occur.FILTER);
      }
    }
    return all.build();
  }

  private static int dateIndex(String param) {
    for (int d = 0; d < CorpusIndex.DATES.length; d++) {
      if (param.equals(CorpusIndex.DATES[d] + "_from") || param.equals(CorpusIndex.DATES[d] + "_to")) return d;
    }
    throw new IllegalArgumentException("unknown criterion " + param);
  }

  /** The analysed terms of a text, in order. */
  static List<String> terms(Analyzer analyzer, String field, String text) throws IOException {
    List<String> terms = new ArrayList<>();
    try (TokenStream stream = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) terms.add(term.toString());
      stream.end();
    }
    return terms;
  }

  private static Query phrase(List<String> terms, int slop) {
    if (terms.isEmpty()) return new MatchNoDocsQuery("no terms");
    if (terms.size() == 1) return new TermQuery(new Term(RegistrationAnalyzer.TEXT, terms.get(0)));
    return new PhraseQuery(slop, RegistrationAnalyzer.TEXT, terms.toArray(new String[0]));
  }

  private static Query name(List<String> terms) {
    LinkedHashSet<String> distinct = new LinkedHashSet<>(terms);
    if (distinct.isEmpty()) return new MatchNoDocsQuery("no terms");
    if (distinct.size() == 1) return new TermQuery(new Term(RegistrationAnalyzer.ORG, distinct.iterator().next()));
    PhraseQuery.Builder sameValue = new PhraseQuery.Builder();
    for (String term : distinct) sameValue.add(new Term(RegistrationAnalyzer.ORG, term), 0);
    return sameValue.build();
  }
}
