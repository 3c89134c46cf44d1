import { describe, expect, it } from 'vitest';
import {
  agentHealthOf,
  ownershipMethods,
  supportedRevisions,
  trustSummaryParts,
} from '../../src/shared/rules/trust-summary.js';

describe('an agent’s health in one word', () => {
  it.each([
    { statuses: [], health: 'none' },
    { statuses: ['unknown'], health: 'unknown' },
    { statuses: ['up'], health: 'up' },
    // Asking for credentials or being slow is answering (the one rule of availability).
    { statuses: ['needs_auth', 'degraded'], health: 'up' },
    { statuses: ['up', 'unknown'], health: 'up' },
    { statuses: ['up', 'down'], health: 'down' },
    { statuses: ['non_conformant'], health: 'down' },
    { statuses: ['unknown', 'down'], health: 'down' },
  ] as const)('$statuses → $health', ({ statuses, health }) => {
    expect(agentHealthOf(statuses)).toBe(health);
  });
});

describe('the revisions an agent speaks', () => {
  it('keeps the supported ones, newest first, each once', () => {
    expect(
      supportedRevisions([
        { version: '2025-11-25', supported: true },
        { version: '2026-07-28', supported: false },
        { version: '2025-06-18', supported: true },
        { version: '2025-11-25', supported: true },
      ]),
    ).toEqual(['2025-11-25', '2025-06-18']);
    expect(supportedRevisions([])).toEqual([]);
  });

  it('ownership methods come in one fixed order, each once', () => {
    expect(ownershipMethods(['github', 'dns', 'github'])).toEqual(['dns', 'github']);
  });
});

describe('the one-line trust summary', () => {
  it.each([
    {
      trust: { health: 'unknown', protocols: [], ownership: [] },
      line: [['Not checked yet', 'health']],
    },
    // Nothing listed to probe: no health part (it would never be checked), and no line at all.
    { trust: { health: 'none', protocols: [], ownership: [] }, line: [] },
    {
      trust: { health: 'none', protocols: [], ownership: ['github'] },
      line: [['Owner proven by GitHub', 'claims']],
    },
    {
      trust: { health: 'up', protocols: ['2026-07-28'], ownership: [] },
      line: [
        ['Up', 'health'],
        ['MCP 2026-07-28', 'health'],
      ],
    },
    {
      trust: {
        health: 'down',
        protocols: ['2026-07-28', '2025-11-25'],
        ownership: ['dns', 'well-known', 'github'],
      },
      line: [
        ['Down', 'health'],
        ['MCP 2026-07-28, 2025-11-25', 'health'],
        ['Owner proven by DNS, well-known file, GitHub', 'claims'],
      ],
    },
  ] as const)('$trust.health, $trust.protocols, $trust.ownership', ({ trust, line }) => {
    expect(trustSummaryParts(trust).map((part) => [part.text, part.section])).toEqual(line);
  });

  it('a card says it shorter: the newest era and how many more, and that ownership was proven', () => {
    const short = (trust: Parameters<typeof trustSummaryParts>[0]) =>
      trustSummaryParts(trust).map((part) => part.short);
    expect(
      short({ health: 'up', protocols: ['2026-07-28', '2025-11-25'], ownership: ['dns', 'github'] }),
    ).toEqual(['Up', 'MCP 2026-07-28 +1', 'Owner proven']);
    expect(short({ health: 'down', protocols: ['2025-11-25'], ownership: [] })).toEqual([
      'Down',
      'MCP 2025-11-25',
    ]);
  });
});
