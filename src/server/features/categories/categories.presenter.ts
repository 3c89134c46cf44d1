import type { Category } from '../../../shared/api/categories.js';
import type { CategoryRow } from '../../db/schema.js';

export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    agentCount: row.agent_count,
  };
}
