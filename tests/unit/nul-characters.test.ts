import { describe, expect, it } from 'vitest';
import { findNulCharacter } from '../../src/server/http/nul-characters.js';

describe('findNulCharacter', () => {
  it('names the first field holding U+0000, however deep', () => {
    expect(findNulCharacter({ name: 'ok', tags: ['a', 'b\u0000'] })).toBe('tags.1');
    expect(findNulCharacter({ a: { b: { c: '\u0000' } } })).toBe('a.b.c');
    expect(findNulCharacter('\u0000')).toBe('');
    expect(findNulCharacter({ 'bad\u0000key': 1 })).toBe('badkey');
  });

  it('passes text without it, and values that are not text', () => {
    expect(findNulCharacter({ name: 'Ünïcödé 😀 \\u0000 typed as text', count: 0, none: null })).toBeNull();
    expect(findNulCharacter(Buffer.from([0, 0, 0]))).toBeNull();
    expect(findNulCharacter(undefined)).toBeNull();
  });

  it('walks a body nested thousands deep without exhausting the stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(20_000)}"\\u0000"${'}'.repeat(20_000)}`) as unknown;
    expect(findNulCharacter(deep)?.split('.')).toHaveLength(20_000);
  });
});
