import type { GithubRepoPrefill } from '../../../../shared/api/github.js';
import { AGENT_TAG_MAX, AGENT_TAGLINE_MAX, AGENT_TAGS_MAX } from '../../../../shared/limits.js';
import type { AgentFormValues } from '../../../components/agent-form/agent-form-values.js';

function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

/**
 * What a GitHub repository fills in: the repository's one-line description becomes the tagline, the README
 * excerpt (or that description when there is no README) the description, topics the tags. Category and
 * pricing are the owner's to choose and are left alone.
 */
export function valuesFromPrefill(prefill: GithubRepoPrefill): Partial<AgentFormValues> {
  const repoDescription = prefill.description?.trim() ?? '';
  const readme = prefill.readmeExcerpt?.trim() ?? '';
  const tags = [...new Set(prefill.topics.map((topic) => topic.trim().toLowerCase().slice(0, AGENT_TAG_MAX)))]
    .filter(Boolean)
    .slice(0, AGENT_TAGS_MAX);
  return {
    name: prefill.name,
    tagline: clip(repoDescription, AGENT_TAGLINE_MAX),
    description: readme || repoDescription,
    tags,
    websiteUrl: prefill.homepage?.trim() ?? '',
    repoUrl: prefill.htmlUrl,
    license: prefill.license ?? '',
    githubRepo: prefill.fullName,
    githubStars: prefill.stars,
  };
}
