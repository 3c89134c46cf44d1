import type { AgentEvidence } from '../api/evidence.js';
import type { PolicyRules } from '../api/policies.js';

const riskOrder = ['none', 'info', 'warning', 'danger'] as const;

/** What a view's rules are checked against: a server's name, category and evidence. */
export interface PolicySubject {
  name: string;
  category: string;
  evidence: AgentEvidence;
}

/**
 * Why a server does not meet a view's rules, one sentence a rule (empty: it meets them all). The one
 * reading of the rules, for the view's evaluation and for its preview.
 */
export function unmetPolicyRules(rules: PolicyRules, subject: PolicySubject): string[] {
  const { evidence } = subject;
  const unmet: string[] = [];
  if (rules.exclude?.includes(subject.name)) unmet.push('Excluded by name');
  if (rules.include && !rules.include.includes(subject.name))
    unmet.push('Not among the servers the view includes');
  if (rules.minScore !== undefined && evidence.score < rules.minScore)
    unmet.push(`Score ${evidence.score} is below ${rules.minScore}`);
  if (rules.verifiedOnly && !evidence.verified) unmet.push('Not verified');
  if (rules.claimMethods && !rules.claimMethods.some((method) => evidence.claims.includes(method)))
    unmet.push(`Ownership not proven by ${rules.claimMethods.join(' or ')}`);
  if (rules.requireHealthy && evidence.health !== 'up')
    unmet.push(evidence.health === 'down' ? 'Its last probe failed' : 'Not checked yet');
  if (rules.protocols && !rules.protocols.some((revision) => evidence.protocols.includes(revision)))
    unmet.push(`Speaks none of MCP ${rules.protocols.join(', ')}`);
  if (rules.maxRiskSeverity !== undefined) {
    const severity = evidence.maxRiskSeverity;
    if (severity === null) unmet.push('Its tools were not read yet');
    else if (riskOrder.indexOf(severity) > riskOrder.indexOf(rules.maxRiskSeverity))
      unmet.push(`Its tools have ${severity} findings`);
  }
  if (rules.noAdvisories && evidence.advisories.length > 0)
    unmet.push(`Open advisory ${evidence.advisories.join(', ')}`);
  if (rules.categories && !rules.categories.includes(subject.category))
    unmet.push(`Not in ${rules.categories.join(', ')}`);
  if (rules.pinToolSets && evidence.toolSetHash === null) unmet.push('No tool set to pin yet');
  return unmet;
}
