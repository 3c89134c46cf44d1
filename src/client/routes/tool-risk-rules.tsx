import { Link } from 'react-router';
import {
  CHARS_PER_TOKEN,
  TOOL_LIST_TOKEN_BUDGET,
  findToolRisks,
  showInvisible,
  toolRiskRules,
  type ToolRiskRule,
} from '../../shared/rules/tool-risk.js';
import { InfoPage } from '../components/layout/info-page.js';
import { useScrollToHash } from '../lib/use-scroll-to-hash.js';
import { FindingSeverity } from '../features/probes/components/finding-severity.js';
import { FindingList } from '../features/probes/components/tool-list.js';
import { paths } from '../paths.js';

/** What the rules find in a rule's example: run here, so the page shows exactly what they give. */
function ExampleFindings({ rule }: { rule: ToolRiskRule }) {
  if (!rule.example.tool) return <p className="text-sm text-slate-700">Finding: {rule.example.finding}</p>;
  const findings = findToolRisks([rule.example.tool]).perTool[0]!.filter(
    (finding) => finding.rule === rule.id,
  );
  return <FindingList findings={findings} label={`What the ${rule.id} rule finds in the example`} />;
}

/**
 * The public explanation of every tool risk rule, rendered from the same data the rules run
 * (src/shared/rules/tool-risk.ts): a finding on an agent page links here, to its rule's section.
 */
export function ToolRiskRulesPage() {
  // A finding links to its rule's section; the page is drawn at once, so the target is there.
  useScrollToHash(true);
  return (
    <InfoPage
      title="Tool risk rules"
      intro="Every time AgentAtlas checks an MCP server it reads each tool the server offers, whole, and runs these published rules over every string in it. Each finding names its rule and quotes its evidence."
    >
      <section>
        <h2>How the rules work</h2>
        <p>
          A model reads a tool's name, title, description and every string in its input and output schemas
          (parameter descriptions, defaults, enum values, titles) as instructions, so the rules read all of
          them too, including text hidden in invisible characters. The rules are deterministic: the same tools
          always give the same findings. Before matching, text is normalised (Unicode NFKC, lower case,
          invisible characters and terminal escapes removed, text spelled in tag characters decoded and
          added).
        </p>
        <ul>
          <li>
            <strong>Danger</strong> is an attack pattern: it is shown on the agent's public record and its
            owner is told.
          </li>
          <li>
            <strong>Warning</strong> is a weaker signal that honest tools sometimes give too.
          </li>
          <li>
            <strong>Info</strong> is a note, such as a single tool that is very long.
          </li>
        </ul>
        <p>
          The tool list's budget is {TOOL_LIST_TOKEN_BUDGET.toLocaleString('en-US')} tokens, estimated as the
          characters of its canonical JSON divided by {CHARS_PER_TOKEN}. See also{' '}
          <Link to={paths.verificationPromise.href()} className="text-brand-700 underline">
            our verification promise
          </Link>
          .
        </p>
      </section>
      {toolRiskRules.map((rule) => (
        <section key={rule.id} id={rule.id} className="scroll-mt-20" aria-labelledby={`${rule.id}-title`}>
          <h2 id={`${rule.id}-title`} className="flex flex-wrap items-center gap-2">
            {rule.title}
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{rule.id}</code>
            <span>up to</span>
            <FindingSeverity severity={rule.severity} />
          </p>
          <p>{rule.rationale}</p>
          <h3 className="font-semibold text-slate-900">What it matches</h3>
          <ul className="space-y-3">
            {rule.patterns.map((pattern) => (
              <li key={pattern.id}>
                <span className="flex flex-wrap items-center gap-2">
                  <FindingSeverity severity={pattern.severity} />
                  <span>{pattern.matches}</span>
                </span>
                {pattern.pattern && (
                  <code className="mt-1 block rounded bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-700">
                    {pattern.pattern.source}
                  </code>
                )}
              </li>
            ))}
          </ul>
          <h3 className="font-semibold text-slate-900">Example</h3>
          <p className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-words text-slate-800">
            {showInvisible(rule.example.text)}
          </p>
          <ExampleFindings rule={rule} />
        </section>
      ))}
    </InfoPage>
  );
}
