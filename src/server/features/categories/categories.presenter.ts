import type { AdminCategory, Category } from '../../../shared/api/categories.js';
import type { CategoryRow } from '../../db/schema.js';
import type { CategoryWithTotalsRow } from './categories.repo.js';

export function presentCategory(
  row: Pick<CategoryRow, 'id' | 'slug' | 'name' | 'description' | 'icon' | 'agent_count'>,
): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    agentCount: row.agent_count,
  };
}

/** A category as the admin list shows it: also its agents of any status. */
export function presentAdminCategory(row: CategoryWithTotalsRow): AdminCategory {
  return { ...presentCategory(row), position: row.position, totalAgents: Number(row.total_agents ?? 0) };
}
