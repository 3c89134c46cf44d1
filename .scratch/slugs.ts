import { seedAgents } from '../src/server/db/seed-data/agents.js';
console.log([0,8,16,24,33].map(i => seedAgents[i]!.slug));
console.log(seedAgents.slice(0,8).map((a, i) => [i, a.slug, (a as any).status]));
