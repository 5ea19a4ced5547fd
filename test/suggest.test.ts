import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { didYouMean, isNear, SuggestionIndex } from '../src/common/suggest';

// Words from a small alphabet with shared prefixes and case changes, so that near misses, ties,
// same-case twins and the word itself all occur.
const word = fc.stringMatching(/^(guides\/|api\/|G|g)?[abAB/-]{0,10}$/);

describe('the did-you-mean index answers as the plain scan', () => {
  it('on random lists and words, with and without a limit (Infinity: any distance)', () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 40 }),
        word,
        fc.option(fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(Infinity)), { nil: undefined }),
        (candidates, query, limit) => {
          const index = new SuggestionIndex(candidates);
          expect(index.suggest(query, limit)).toBe(didYouMean(query, candidates, limit));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('with candidates left out, as the scan of the rest', () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 40 }),
        word,
        fc.array(word, { maxLength: 5 }),
        (candidates, query, out) => {
          const left = new Set(out);
          const found = new SuggestionIndex(candidates).nearest(query, undefined, (c) => left.has(c))?.candidate;
          expect(found).toBe(
            didYouMean(
              query,
              candidates.filter((c) => !left.has(c)),
            ),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('on page paths, a word at a time against one index', () => {
    const pages = Array.from({ length: 400 }, (_, i) => `guides/section${i % 13}/page-${i}`);
    const index = new SuggestionIndex(pages);
    for (const query of [
      'guides/section3/page-29',
      'guides/renamed-3/page-29',
      'guides/sectoin3/page-3',
      'Guides/Section3/Page-3',
      'guides/section3/page-3',
      'x',
      'completely/else',
    ]) {
      const limit = Math.max(2, Math.floor(query.length / 4));
      expect(index.suggest(query, limit)).toBe(didYouMean(query, pages, limit));
    }
  });
});

describe('did-you-mean over several lists, as over their concatenation', () => {
  // As the rules' context and nearestOperation search them: a later list only has to beat the nearest so far.
  it('keeps the first list on a tie', () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 30 }),
        fc.array(word, { maxLength: 30 }),
        word,
        (first, second, query) => {
          const limit = 3;
          const a = new SuggestionIndex(first).nearest(query, limit);
          const b = new SuggestionIndex(second).nearest(query, a ? a.distance - 1 : limit);
          expect((b ?? a)?.candidate).toBe(didYouMean(query, [...first, ...second], limit));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('near: a slip in the part that differs, not a neighbour that shares a prefix', () => {
  const cases: [string, string, boolean][] = [
    // Typos, judged on the words that differ.
    ['/v1/analytcs/visitors', '/v1/analytics/visitors', true],
    ['quickstrat', 'quickstart', true],
    ['cli/overveiw', 'cli/overview', true],
    ['gudie', 'guide', true],
    ['page-lnk', 'page-link', true],
    // Only punctuation or %-escapes differ.
    ['sitemaps-and-robotstxt-files', 'sitemaps-and-robots-txt-files', true],
    ['pre-410-streams-legacy', 'pre-4-1-0-streams-legacy', true],
    ['split-configuration-with-%24ref', 'split-configuration-with-ref', true],
    ['canonical-format-not-localized', 'canonical-format-—-not-localized', true],
    // Another form of a word; a word more or less between shared ones, or at an end of a name without "/".
    ['en/getting-started', 'en/get-started', true],
    ['navigation-global-languages', 'navigation-languages', true],
    ['parent-and-root-updates', 'parent-&-root-updates', true],
    ['/guides/intro', '/v6/guides/intro', false],
    ['/docs/guides/intro', '/docs/v6/guides/intro', true],
    ['event-ingestion', '1-event-ingestion', true],
    ['store-attribution-and-reference-metadata', 'attribution-and-reference-metadata', true],
    ['navigation', 'navigation-必需', true],
    // Different words.
    ['/v1/analytics/visitors', '/v1/analytics/assistant', false],
    ['GET /v1/analytics/{projectId}/visitors', 'GET /v1/analytics/{projectId}/assistant', false],
    ['user.deleted', 'user.created', false],
    ['css-selectors', 'id-selectors', false],
    ['/images/chart.png', '/images/flow.png', false],
    ['/developer/core-concepts/custom-fields', '/v6/developer/core-concepts/promotions', false],
    ['/developer/core-concepts/custom-fields', '/developer/core-concepts/customers', false],
    ['overview', 'overview-advanced', false],
    ['/v1/assistant', '/v1/assistant/threads', false],
    ['api/users/create', 'api/users/delete', false],
  ];
  for (const [word, candidate, near] of cases)
    it(`"${word}" ${near ? 'is' : 'is not'} near "${candidate}"`, () => {
      expect(isNear(word, candidate)).toBe(near);
      expect(didYouMean(word, [candidate])).toBe(near ? candidate : undefined);
      expect(new SuggestionIndex([candidate]).suggest(word)).toBe(near ? candidate : undefined);
    });
});
