import { describe, expect, it } from 'vitest';
import { describeChange } from '../../src/client/features/metrics/lib/change.js';
import { toCsv } from '../../src/client/features/metrics/lib/csv.js';
import {
  formatAxisDay,
  formatClickThrough,
  formatDay,
} from '../../src/client/features/metrics/lib/labels.js';
import { parseAgentId, parseRange } from '../../src/client/features/metrics/lib/range.js';
import { ratingOverRange } from '../../src/client/features/metrics/lib/rating.js';

describe('toCsv', () => {
  it('writes a header row, then a line per row, CRLF between lines', () => {
    expect(
      toCsv(
        ['date', 'views'],
        [
          ['2026-11-01', 3],
          ['2026-11-02', 0],
        ],
      ),
    ).toBe('date,views\r\n2026-11-01,3\r\n2026-11-02,0\r\n');
  });
  it('quotes fields with a comma, a quote or a line break', () => {
    expect(toCsv(['term'], [['ai, agents'], ['say "hi"'], ['two\nlines']])).toBe(
      'term\r\n"ai, agents"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });
});

describe('describeChange', () => {
  it('gives a percentage against the previous period', () => {
    expect(describeChange(120, 100)).toEqual({ text: '+20%', direction: 'up' });
    expect(describeChange(75, 100)).toEqual({ text: '−25%', direction: 'down' });
  });
  it('says "No change" when equal and the difference when there was nothing before', () => {
    expect(describeChange(5, 5)).toEqual({ text: 'No change', direction: 'same' });
    expect(describeChange(7, 0)).toEqual({ text: '+7', direction: 'up' });
  });
  it('gives a rating as a difference with one decimal', () => {
    expect(describeChange(4.34, 4.1, 'difference')).toEqual({ text: '+0.2', direction: 'up' });
  });
});

describe('the owners’ formats and parameters', () => {
  it('spells a day as "MMM d, yyyy" whatever the time zone', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5, 2026');
  });
  it('labels a chart day tick on one line, the UTC day whatever the time zone', () => {
    expect(formatAxisDay(Date.UTC(2026, 9, 29) / 1000)).toBe('Oct 29');
    expect(formatAxisDay(Date.UTC(2027, 0, 1) / 1000)).toBe('Jan 1');
  });
  it('gives click-through with one decimal, a dash without views', () => {
    expect(formatClickThrough(1, 8)).toBe('12.5%');
    expect(formatClickThrough(0, 0)).toBe('–');
  });
  it('reads the range and agentId parameters, falling back on the default', () => {
    expect(parseRange('7d')).toBe('7d');
    expect(parseRange('1y')).toBe('30d');
    expect(parseRange(null)).toBe('30d');
    expect(parseAgentId('12')).toBe(12);
    expect(parseAgentId('0')).toBeNull();
    expect(parseAgentId('1e3')).toBeNull();
    expect(parseAgentId('99999999999')).toBeNull();
  });
  it('takes the rating at the start and the last known one at the end of the range', () => {
    expect(
      ratingOverRange([
        { date: '2026-11-01', rating: null, rank: null },
        { date: '2026-11-02', rating: 4.2, rank: 3 },
        { date: '2026-11-03', rating: null, rank: 3 },
      ]),
    ).toEqual({ start: null, end: 4.2 });
  });
});
