/** Agents the visitor has shown interest in (hover or focus on a card), newest last. */
interface Interest {
  id: number;
  slug: string;
  at: number;
}

const interests = new Map<number, Interest>();

export function noteAgentInterest(agent: { id: number; slug: string }): void {
  interests.set(agent.id, { id: agent.id, slug: agent.slug, at: Date.now() });
}

/** Takes the most recent `count` interests out of the list. */
export function takeRecentInterests(count: number): Interest[] {
  const recent = [...interests.values()].sort((a, b) => b.at - a.at).slice(0, count);
  for (const interest of recent) interests.delete(interest.id);
  return recent;
}
