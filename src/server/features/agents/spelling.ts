/** Levenshtein distance, giving up (returning max + 1) once it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The closest known word to a misspelt one (none for a known word): at most one edit for short words, two for longer ones.
 * Ties go to the word of the nearest length, then the most frequent, then the first alphabetically,
 * so the answer never depends on the order the database listed the words in.
 */
export function closestWord(word: string, vocabulary: Iterable<[string, number]>): string | null {
  if (word.length < 3) return null;
  const max = word.length <= 5 ? 1 : 2;
  type Candidate = { term: string; distance: number; lengthGap: number; frequency: number };
  const better = (a: Candidate, b: Candidate) =>
    a.distance - b.distance ||
    a.lengthGap - b.lengthGap ||
    b.frequency - a.frequency ||
    a.term.localeCompare(b.term);
  let best: Candidate | null = null;
  for (const [term, frequency] of vocabulary) {
    if (term === word) return null;
    const lengthGap = Math.abs(term.length - word.length);
    if (lengthGap > max) continue;
    const distance = editDistance(word, term, max);
    if (distance > max) continue;
    const candidate = { term, distance, lengthGap, frequency };
    if (!best || better(candidate, best) < 0) best = candidate;
  }
  return best?.term ?? null;
}
