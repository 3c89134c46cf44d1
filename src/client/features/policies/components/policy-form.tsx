import { useId, useState, type FormEvent } from 'react';
import { riskFilterLabels, riskFilterSeverities } from '../../../../shared/agent-list-filters.js';
import type { PolicyRules } from '../../../../shared/api/policies.js';
import { mcpRevisions } from '../../../../shared/rules/trust-summary.js';
import { claimMethods, type ClaimMethod } from '../../../../shared/trust.js';
import { PendingButton } from '../../../components/ui/button.js';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form-field.js';
import { Label } from '../../../components/ui/input.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { serverFieldErrors } from '../../../lib/form-errors.js';
import { isApiError } from '../../../lib/request.js';

export interface PolicyFormValues {
  slug: string;
  name: string;
  approval: 'automatic' | 'manual';
  rules: PolicyRules;
}

const claimLabels: Record<ClaimMethod, string> = {
  dns: 'DNS record',
  'well-known': 'Well-known file',
  github: 'GitHub repository',
};

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

function toggle<T>(list: readonly T[] | undefined, value: T, on: boolean): T[] | undefined {
  const next = on ? [...(list ?? []), value] : (list ?? []).filter((entry) => entry !== value);
  return next.length > 0 ? next : undefined;
}

/**
 * The rules of a policy view, as a form: what evidence a server needs to be admitted. `withSlug` asks
 * for the slug (a new view); an existing view keeps its own.
 */
export function PolicyForm({
  initial,
  withSlug,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial: PolicyFormValues;
  withSlug: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: PolicyFormValues) => Promise<unknown>;
}) {
  const [values, setValues] = useState(initial);
  const [categories, setCategories] = useState((initial.rules.categories ?? []).join(', '));
  const [include, setInclude] = useState((initial.rules.include ?? []).join('\n'));
  const [exclude, setExclude] = useState((initial.rules.exclude ?? []).join('\n'));
  const [minScore, setMinScore] = useState(initial.rules.minScore?.toString() ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const includeId = useId();
  const excludeId = useId();
  const rules = values.rules;
  const setRule = <K extends keyof PolicyRules>(key: K, value: PolicyRules[K]) =>
    setValues((current) => ({ ...current, rules: { ...current.rules, [key]: value } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const score = minScore.trim() === '' ? undefined : Number(minScore);
    const full: PolicyFormValues = {
      ...values,
      rules: Object.fromEntries(
        Object.entries({
          ...rules,
          minScore: score,
          categories: lines(categories).length > 0 ? lines(categories) : undefined,
          include: lines(include).length > 0 ? lines(include) : undefined,
          exclude: lines(exclude).length > 0 ? lines(exclude) : undefined,
        }).filter(([, value]) => value !== undefined && value !== false),
      ) as PolicyRules,
    };
    try {
      await onSubmit(full);
    } catch (error) {
      const fields = isApiError(error) ? serverFieldErrors<string>(error.details) : {};
      setErrors(fields as Record<string, string>);
      setFormError(isApiError(error) ? error.message : 'The view could not be saved. Try again.');
    }
  }

  const ruleError = Object.entries(errors).find(([key]) => key.startsWith('rules'))?.[1];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          value={values.name}
          onValueChange={(name) => setValues((current) => ({ ...current, name }))}
          error={errors.name}
          required
        />
        {withSlug && (
          <TextField
            label="Slug"
            value={values.slug}
            onValueChange={(slug) => setValues((current) => ({ ...current, slug }))}
            error={errors.slug}
            hint="Lower-case letters, digits and hyphens: the view's registry URL ends with it."
            required
          />
        )}
      </div>
      <SelectField
        label="Approval"
        value={values.approval}
        onChange={(event) =>
          setValues((current) => ({ ...current, approval: event.target.value as 'automatic' | 'manual' }))
        }
      >
        <option value="automatic">Automatic: servers that meet the rules join at once</option>
        <option value="manual">Manual: new servers wait in your queue</option>
      </SelectField>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Evidence a server needs</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <CheckboxField
            checked={Boolean(rules.verifiedOnly)}
            onCheckedChange={(on) => setRule('verifiedOnly', on)}
          >
            Verified by AgentAtlas
          </CheckboxField>
          <CheckboxField
            checked={Boolean(rules.requireHealthy)}
            onCheckedChange={(on) => setRule('requireHealthy', on)}
          >
            Up at its last probe
          </CheckboxField>
          <CheckboxField
            checked={Boolean(rules.noAdvisories)}
            onCheckedChange={(on) => setRule('noAdvisories', on)}
          >
            No open advisory
          </CheckboxField>
          <CheckboxField
            checked={Boolean(rules.pinToolSets)}
            onCheckedChange={(on) => setRule('pinToolSets', on)}
          >
            Pin tool sets: a changed tool set waits for my approval
          </CheckboxField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Minimum score (0-100)"
            inputMode="decimal"
            value={minScore}
            onValueChange={setMinScore}
          />
          <SelectField
            label="Highest tool risk allowed"
            value={rules.maxRiskSeverity ?? ''}
            onChange={(event) =>
              setRule('maxRiskSeverity', (event.target.value || undefined) as PolicyRules['maxRiskSeverity'])
            }
          >
            <option value="">Any</option>
            {riskFilterSeverities.map((severity) => (
              <option key={severity} value={severity}>
                {riskFilterLabels[severity]}
              </option>
            ))}
          </SelectField>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-900">Ownership proven by (any of)</p>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {claimMethods.map((method) => (
              <CheckboxField
                key={method}
                checked={Boolean(rules.claimMethods?.includes(method))}
                onCheckedChange={(on) => setRule('claimMethods', toggle(rules.claimMethods, method, on))}
              >
                {claimLabels[method]}
              </CheckboxField>
            ))}
          </div>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-900">Speaks MCP (any of)</p>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {mcpRevisions.map((revision) => (
              <CheckboxField
                key={revision}
                checked={Boolean(rules.protocols?.includes(revision))}
                onCheckedChange={(on) => setRule('protocols', toggle(rules.protocols, revision, on))}
              >
                {revision}
              </CheckboxField>
            ))}
          </div>
        </div>
        <TextField
          label="Categories (slugs, comma-separated; empty for all)"
          value={categories}
          onValueChange={setCategories}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={includeId}>Only these servers (one name a line; empty for all)</Label>
            <Textarea
              id={includeId}
              rows={3}
              value={include}
              onChange={(event) => setInclude(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={excludeId}>Never these servers</Label>
            <Textarea
              id={excludeId}
              rows={3}
              value={exclude}
              onChange={(event) => setExclude(event.target.value)}
            />
          </div>
        </div>
      </fieldset>
      {(formError || ruleError) && (
        <p role="alert" className="text-sm text-red-700">
          {ruleError ?? formError}
        </p>
      )}
      <PendingButton type="submit" pending={pending} pendingLabel="Saving…">
        {submitLabel}
      </PendingButton>
    </form>
  );
}
