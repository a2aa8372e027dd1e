/**
 * How a searchable item matches a query: every word of the query must occur in the item (its
 * title or its keywords), case-insensitively; items whose title is or starts with the query rank
 * first. Plain substring matching on purpose: operators type fragments of ids ("s1-dmz"),
 * addresses ("10.0.1") and file names, which word-based full-text search would split apart.
 */
export interface Searchable {
  title: string;
  /** Further text the item is found by (ids, addresses, descriptions); never shown. */
  keywords: string;
}

export interface PreparedQuery {
  whole: string;
  words: string[];
}

export function prepareQuery(q: string): PreparedQuery {
  const whole = q.trim().toLowerCase().replace(/\s+/g, " ");
  return { whole, words: whole.split(" ").filter(Boolean) };
}

/** Higher is better; null when the item does not match. */
export function matchRank(query: PreparedQuery, item: Searchable): number | null {
  const title = item.title.toLowerCase();
  const all = `${title}\n${item.keywords.toLowerCase()}`;
  if (!query.words.every((w) => all.includes(w))) return null;
  if (title === query.whole) return 100;
  if (title.startsWith(query.whole)) return 80;
  if (title.includes(query.whole)) return 60;
  if (query.words.every((w) => title.includes(w))) return 40;
  return 20;
}

/** The best `limit` matches, best first (stable for equal ranks), and how many more matched. */
export function bestMatches<T extends Searchable>(
  query: PreparedQuery,
  items: Iterable<T>,
  limit: number,
): { hits: T[]; more: number } {
  const ranked: { item: T; rank: number; order: number }[] = [];
  let order = 0;
  for (const item of items) {
    const rank = matchRank(query, item);
    if (rank !== null) ranked.push({ item, rank, order: order++ });
  }
  ranked.sort((a, b) => b.rank - a.rank || a.order - b.order);
  return { hits: ranked.slice(0, limit).map((r) => r.item), more: Math.max(0, ranked.length - limit) };
}
