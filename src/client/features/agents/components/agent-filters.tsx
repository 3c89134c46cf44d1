import { useId } from 'react';
import {
  agentHealthFilterLabels,
  agentHealthFilters,
  isHealthFilter,
  isPricing,
  isRiskFilter,
  isSort,
  riskFilterLabels,
  type AgentListFilters,
} from '../../../../shared/agent-list-filters.js';
import { agentSortLabels, agentSorts, pricingLabels, pricingModels } from '../../../../shared/catalogue.js';
import { isMcpRevision, mcpRevisions } from '../../../../shared/rules/trust-summary.js';
import { Label, Select } from '../../../components/ui/input.js';

export interface FilterOption {
  value: string;
  label: string;
}

interface AgentFiltersProps {
  filters: AgentListFilters;
  categories: FilterOption[];
  onChange: (change: Partial<AgentListFilters>) => void;
}

export function AgentFilters({ filters, categories, onChange }: AgentFiltersProps) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Select
          id={`${id}-category`}
          value={filters.category ?? ''}
          onChange={(event) => onChange({ category: event.target.value || undefined })}
        >
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
          {filters.category && !categories.some((category) => category.value === filters.category) && (
            <option value={filters.category}>{filters.category}</option>
          )}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-pricing`}>Pricing</Label>
        <Select
          id={`${id}-pricing`}
          value={filters.pricing ?? ''}
          onChange={(event) =>
            onChange({ pricing: isPricing(event.target.value) ? event.target.value : undefined })
          }
        >
          <option value="">Any pricing</option>
          {pricingModels.map((pricing) => (
            <option key={pricing} value={pricing}>
              {pricingLabels[pricing]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <Select
          id={`${id}-sort`}
          value={filters.sort ?? ''}
          onChange={(event) =>
            onChange({ sort: isSort(event.target.value) ? event.target.value : undefined })
          }
        >
          <option value="">Recommended</option>
          {agentSorts.map((sort) => (
            <option key={sort} value={sort}>
              {agentSortLabels[sort]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-health`}>Health</Label>
        <Select
          id={`${id}-health`}
          value={filters.health ?? ''}
          onChange={(event) =>
            onChange({ health: isHealthFilter(event.target.value) ? event.target.value : undefined })
          }
        >
          <option value="">Any</option>
          {agentHealthFilters.map((health) => (
            <option key={health} value={health}>
              {agentHealthFilterLabels[health]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-protocol`}>MCP protocol</Label>
        <Select
          id={`${id}-protocol`}
          value={filters.protocol ?? ''}
          onChange={(event) =>
            onChange({ protocol: isMcpRevision(event.target.value) ? event.target.value : undefined })
          }
        >
          <option value="">Any</option>
          {mcpRevisions.map((revision) => (
            <option key={revision} value={revision}>
              Speaks {revision}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-risk`}>Tool risk</Label>
        <Select
          id={`${id}-risk`}
          value={filters.maxRiskSeverity ?? ''}
          onChange={(event) =>
            onChange({
              maxRiskSeverity: isRiskFilter(event.target.value) ? event.target.value : undefined,
            })
          }
        >
          <option value="">Any</option>
          {(['warning', 'info', 'none'] as const).map((severity) => (
            <option key={severity} value={severity}>
              {riskFilterLabels[severity]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2.5 self-end rounded-lg border border-slate-200 bg-white px-3 py-2.5 lg:self-auto">
        <input
          id={`${id}-verified`}
          type="checkbox"
          checked={filters.verified ?? false}
          onChange={(event) => onChange({ verified: event.target.checked || undefined })}
          className="h-4 w-4 cursor-pointer rounded border-slate-400 accent-brand-600"
        />
        <label htmlFor={`${id}-verified`} className="cursor-pointer text-sm font-medium text-slate-700">
          Verified agents only
        </label>
      </div>
    </div>
  );
}
