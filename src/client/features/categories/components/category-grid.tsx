import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Category } from '../../../../shared/api/categories.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { paths } from '../../../paths.js';
import { CategoryIcon } from '../../../components/category-icon.js';

/** Categories with their agent counts; each links to the filtered listing. */
export function CategoryGrid({
  categories,
  headingLevel = 3,
}: {
  categories: Category[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={paths.agents.href({ category: category.slug })}
            className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md"
          >
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <CategoryIcon name={category.icon} className="h-5 w-5" />
              </span>
              <Heading className="font-semibold text-slate-900">{category.name}</Heading>
              <span className="ml-auto rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                {formatCount(category.agentCount)}
                <span className="sr-only"> {category.agentCount === 1 ? 'agent' : 'agents'}</span>
              </span>
            </div>
            {category.description && (
              <p className="mt-3 line-clamp-2 flex-1 text-sm text-slate-600">{category.description}</p>
            )}
            <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700">
              Browse agents
              <ArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
