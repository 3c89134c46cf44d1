import { describe, expect, it } from 'vitest';
import {
  SearchIndex,
  searchTerms,
  type SearchDocument,
} from '../../src/server/features/agents/search-index.js';

function agent(id: number, fields: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id,
    name: `Agent ${id}`,
    tagline: 'Helps teams',
    description: 'Does things.',
    tags: [],
    categoryId: 1,
    pricing: 'free',
    verified: false,
    ...fields,
  };
}

const page = { offset: 0, limit: 20, cap: 1000 };
const ids = (index: SearchIndex, q: string, filters = {}, at = page) =>
  index.rank(searchTerms(q), filters, at).agentIds;

describe('SearchIndex', () => {
  it('matches every word as a prefix, folding case and diacritics', () => {
    const index = new SearchIndex([
      agent(1, { name: 'Résumé Writer' }),
      agent(2, { name: 'Resume Parser', tags: ['pdf'] }),
      agent(3, { name: 'Code Reviewer' }),
    ]);
    expect(ids(index, 'resu').sort()).toEqual([1, 2]);
    expect(ids(index, 'RESUME pars')).toEqual([2]);
    expect(ids(index, 'resume pdf')).toEqual([2]);
    expect(ids(index, 'resume code')).toEqual([]);
    expect(ids(index, 'zzz')).toEqual([]);
  });

  it('ranks a word in the name above the same word in the description, then newer agents first', () => {
    const index = new SearchIndex([
      agent(1, { description: 'A tool for invoices.' }),
      agent(2, { name: 'Invoice Bot' }),
      agent(3, { tags: ['invoice'] }),
      agent(4, { description: 'A tool for invoices.' }),
    ]);
    expect(ids(index, 'invoice')).toEqual([2, 3, 4, 1]);
  });

  it('ranks the rarer word of a query higher', () => {
    const index = new SearchIndex([
      ...Array.from({ length: 20 }, (_, n) => agent(10 + n, { description: 'common words' })),
      agent(1, { description: 'common words', tagline: 'rare' }),
      agent(2, { description: 'common words', tagline: 'common' }),
    ]);
    expect(ids(index, 'common rare')).toEqual([1]);
    expect(ids(index, 'co').length).toBe(20);
    expect(ids(index, 'common wo', {}, { offset: 0, limit: 3, cap: 1000 })[0]).toBe(2);
  });

  it('ranks a two-word match by both words, and never returns a removed agent', () => {
    const index = new SearchIndex([
      // Each word in as many agents as the other, so neither is rarer.
      ...Array.from({ length: 10 }, (_, n) => agent(100 + n, { description: 'quartz' })),
      ...Array.from({ length: 10 }, (_, n) => agent(200 + n, { description: 'violet' })),
      agent(1, { name: 'Quartz Violet' }),
      agent(2, { name: 'Quartz', description: 'violet' }),
      agent(3, { name: 'Violet', description: 'quartz' }),
      agent(4, { description: 'quartz violet' }),
      agent(5, { name: 'Quartz Violet Pro' }),
    ]);
    const ranked = ids(index, 'quartz violet');
    // Both words in the name first (the shorter name ahead), both in the description last.
    expect(ranked.slice(0, 2)).toEqual([1, 5]);
    expect(ranked.slice(2, 4).sort()).toEqual([2, 3]);
    expect(ranked.at(-1)).toBe(4);
    // A removed agent stays in the built postings until the next rebuild, marked dead.
    index.remove(1);
    expect(ids(index, 'quartz violet')).toEqual([5, ...ranked.slice(2)]);
  });

  it('filters by category, pricing and badge, and counts up to the cap', () => {
    const index = new SearchIndex(
      Array.from({ length: 30 }, (_, n) =>
        agent(n + 1, {
          categoryId: n % 3,
          pricing: n % 2 ? 'paid' : 'free',
          verified: n % 5 === 0,
        }),
      ),
    );
    const all = index.rank(['agent'], {}, { offset: 0, limit: 5, cap: 12 });
    expect(all.total).toBe(12);
    expect(all.agentIds).toHaveLength(5);
    expect(
      index.rank(['agent'], { categoryId: 1, pricing: 'paid' }, page).agentIds.sort((a, b) => a - b),
    ).toEqual([2, 8, 14, 20, 26]);
    expect(index.match(['agent'], { verified: true }).length).toBe(6);
  });

  it('pages through the ranking without repeating or skipping anyone', () => {
    const index = new SearchIndex(
      Array.from({ length: 50 }, (_, n) => agent(n + 1, { description: 'word '.repeat(1 + (n % 7)) })),
    );
    const whole = ids(index, 'word', {}, { offset: 0, limit: 50, cap: 1000 });
    const pages = [0, 20, 40].flatMap((offset) => ids(index, 'word', {}, { offset, limit: 20, cap: 1000 }));
    expect(pages).toEqual(whole);
    expect(new Set(whole).size).toBe(50);
  });

  it('answers a search asked again, in any word order or further down, as it ranks it afresh', () => {
    const documents = Array.from({ length: 200 }, (_, n) =>
      agent(n + 1, { tagline: n % 3 ? 'word' : 'other', description: `word ${'other '.repeat(n % 5)}` }),
    );
    const index = new SearchIndex(documents);
    const asked: Array<[string, { offset: number; limit: number; cap: number }]> = [
      ['word other', { offset: 0, limit: 20, cap: 1000 }],
      ['other word', { offset: 20, limit: 20, cap: 1000 }],
      ['word other', { offset: 60, limit: 20, cap: 1000 }],
      ['other word', { offset: 40, limit: 20, cap: 1000 }],
      ['word other', { offset: 0, limit: 20, cap: 50 }],
      ['word other', { offset: 0, limit: 20, cap: 1000 }],
    ];
    for (const [q, at] of asked)
      expect(index.rank(searchTerms(q), { pricing: 'free' }, at), `${q} ${JSON.stringify(at)}`).toEqual(
        new SearchIndex(documents).rank(searchTerms(q), { pricing: 'free' }, at),
      );
    // Another filter is another ranking.
    expect(ids(index, 'word other', { pricing: 'paid' })).toEqual([]);
  });

  it('takes changes: an edited agent is found by its new words only, a removed one not at all', () => {
    const index = new SearchIndex([agent(1, { name: 'Old Name' }), agent(2, { name: 'Other' })]);
    index.upsert(agent(1, { name: 'New Name' }));
    index.upsert(agent(3, { name: 'Newcomer' }));
    expect(ids(index, 'old')).toEqual([]);
    expect(ids(index, 'new').sort()).toEqual([1, 3]);
    index.remove(2);
    expect(ids(index, 'other')).toEqual([]);
    expect(index.size).toBe(2);
    expect(index.hasTermStartingWith('newc')).toBe(true);
    // A word first indexed after the build is one term, however many agents take it later.
    index.upsert(agent(4, { name: 'Newcomer' }));
    const newcomer = [...index.vocabulary()].filter(([term]) => term === 'newcomer');
    expect(newcomer).toEqual([['newcomer', 2]]);
    expect(ids(index, 'newcomer').sort()).toEqual([3, 4]);
  });

  it('finds agents added to an index built empty, by every word', () => {
    const index = new SearchIndex();
    index.upsert(agent(1, { name: 'Parser Pro', tagline: 'Turns messy logs into structured events' }));
    expect(ids(index, 'structured ev')).toEqual([1]);
  });

  it('stays right through many changes (the arrays are rebuilt along the way)', () => {
    const index = new SearchIndex(Array.from({ length: 100 }, (_, n) => agent(n + 1)));
    for (let round = 0; round < 5; round += 1)
      for (let id = 1; id <= 100; id += 1) index.upsert(agent(id, { name: `Agent ${id} round${round}` }));
    for (let id = 1; id <= 100; id += 2) index.remove(id);
    expect(index.size).toBe(50);
    expect(index.match(['round4'], {}).length).toBe(50);
    expect(index.match(['round3'], {}).length).toBe(0);
    expect(ids(index, 'agent 42 round4')).toEqual([42]);
  });

  it('finds exactly the documents that have every word, under filters, before and after changes', () => {
    // Words sharing prefixes, so a query word stands for one term or several.
    const vocabulary = ['data', 'database', 'dataset', 'date', 'review', 'reviewer', 'rest', 'code', 'coder'];
    let state = 7;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
    const documentOf = (id: number): SearchDocument =>
      agent(id, {
        name: `${pick()} ${pick()}`,
        tagline: pick(),
        description: `${pick()} ${pick()} ${pick()}`,
        tags: [pick()],
        categoryId: 1 + Math.floor(random() * 3),
        pricing: random() < 0.5 ? 'free' : 'paid',
        verified: random() < 0.3,
      });
    const documents = new Map<number, SearchDocument>();
    for (let id = 1; id <= 400; id += 1) documents.set(id, documentOf(id));
    const index = new SearchIndex([...documents.values()]);

    const expectSameAsScan = () => {
      for (const q of ['data', 'dat', 'review code', 're co', 'date rest', 'database coder review']) {
        for (const filters of [{}, { categoryId: 2 }, { pricing: 'paid' as const, verified: true }]) {
          const words = searchTerms(q);
          const expected = [...documents.values()]
            .filter((document) => {
              const terms = searchTerms(
                [document.name, document.tagline, document.description, ...document.tags].join(' '),
              );
              return (
                words.every((word) => terms.some((term) => term.startsWith(word))) &&
                (filters.categoryId === undefined || document.categoryId === filters.categoryId) &&
                (!('pricing' in filters) || document.pricing === filters.pricing) &&
                (!('verified' in filters) || document.verified === filters.verified)
              );
            })
            .map((document) => document.id)
            .sort((a, b) => a - b);
          const ranked = index.rank(words, filters, { offset: 0, limit: 1000, cap: 1000 });
          expect(
            [...ranked.agentIds].sort((a, b) => a - b),
            `${q} ${JSON.stringify(filters)}`,
          ).toEqual(expected);
          expect(ranked.total).toBe(expected.length);
          expect([...index.match(words, filters)].sort((a, b) => a - b)).toEqual(expected);
        }
      }
    };
    expectSameAsScan();
    // Changes go to appended postings beside the built ones, and removed documents stay dead in them.
    for (let id = 1; id <= 400; id += 3) {
      documents.set(id, documentOf(id));
      index.upsert(documents.get(id)!);
    }
    for (let id = 2; id <= 400; id += 7) {
      documents.delete(id);
      index.remove(id);
    }
    expectSameAsScan();
  });
});
