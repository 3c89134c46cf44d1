import { describe, expect, it } from 'vitest';
import { closestWord, editDistance } from '../../src/server/features/agents/spelling.js';

describe('editDistance', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['parser', 'parsre', 2],
    ['same', 'same', 0],
    ['', 'abc', 3],
  ])('%s → %s is %d', (a, b, distance) => expect(editDistance(a, b, 5)).toBe(distance));

  it('gives up past the limit', () => expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3));
});

describe('closestWord', () => {
  const vocabulary = new Map([
    ['parser', 3],
    ['parsers', 9],
    ['research', 5],
    ['search', 7],
  ]);
  it('corrects a transposition to the word of the same length first', () => {
    expect(closestWord('parsre', vocabulary)).toBe('parser');
  });
  it('allows one edit for short words and two for longer ones', () => {
    expect(closestWord('serch', vocabulary)).toBe('search');
    expect(closestWord('rsearhc', vocabulary)).toBeNull();
  });
  it('leaves known and very short words alone', () => {
    expect(closestWord('search', vocabulary)).toBeNull();
    expect(closestWord('ab', vocabulary)).toBeNull();
  });
});
