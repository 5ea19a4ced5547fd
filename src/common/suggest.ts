import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `word`, if it is close enough to be a plausible typo: an exact match
 * ignoring case, or an edit distance of at most a third of the word's length (at least 1).
 */
export function didYouMean(word: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  const lower = word.toLowerCase();
  const limit = maxDistance ?? Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
