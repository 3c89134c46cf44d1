/**
 * The live badge: /badge/{slug}.svg shows the reputation score, verified and
 * 30-day uptime. The embed snippets are the same on the agent page and the owner's pages.
 */
export const BADGE_MAX_AGE_S = 300;

export function badgePath(slug: string): string {
  return `/badge/${encodeURIComponent(slug)}.svg`;
}

export function badgeEmbeds(origin: string, agent: { slug: string; name: string }) {
  const image = `${origin}${badgePath(agent.slug)}`;
  const page = `${origin}/agents/${encodeURIComponent(agent.slug)}`;
  const alt = `${agent.name} on AgentAtlas`;
  return {
    image,
    markdown: `[![${alt.replace(/[[\]]/g, '')}](${image})](${page})`,
    html: `<a href="${page}"><img src="${image}" alt="${alt.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}"></a>`,
  };
}
