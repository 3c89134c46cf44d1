import { agentSorts, pricingModels } from '../../../shared/api/agents.js';
import type { CategoryList, FiltersResponse } from '../../../shared/api/categories.js';
import { presentCategory } from './categories.presenter.js';
import type { CategoriesRepo } from './categories.repo.js';

export interface CategoriesDeps {
  categories: CategoriesRepo;
}

/** GET /api/categories: every category with its number of published agents. */
export async function listCategories(deps: CategoriesDeps): Promise<CategoryList> {
  return { categories: (await deps.categories.findAll()).map(presentCategory) };
}

/** GET /api/filters: the categories, pricing models and sorts the listing can be filtered by. */
export async function getFilters(deps: CategoriesDeps): Promise<FiltersResponse> {
  return {
    categories: (await deps.categories.findAll()).map(presentCategory),
    pricing: [...pricingModels],
    sorts: [...agentSorts],
  };
}
