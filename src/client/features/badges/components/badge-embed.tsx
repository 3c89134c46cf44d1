import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { badgeEmbeds, badgePath } from '../../../../shared/api/badges.js';
import { JWKS_PATH } from '../../../../shared/api/signing-keys.js';
import { statementPath } from '../../../../shared/api/statements.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';

function CopyRow({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-slate-600">{label}</span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Copy the ${label}`}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            })
          }
        >
          {copied ? (
            <Check className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <pre className="mt-1 rounded-lg bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-800">
        <code>{value}</code>
      </pre>
    </div>
  );
}

/** The live badge (score, verified, 30-day uptime) with the Markdown and HTML to embed it. */
export function BadgeEmbed({ agent }: { agent: { slug: string; name: string } }) {
  const embeds = badgeEmbeds(window.location.origin, agent);
  return (
    <Card className="p-6" id="badge">
      <section aria-labelledby="badge-title">
        <h2 id="badge-title" className="text-lg font-semibold text-slate-900">
          Badge
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Live from AgentAtlas: score, verified and 30-day uptime.
        </p>
        <img
          src={badgePath(agent.slug)}
          alt={`${agent.name} on AgentAtlas`}
          className="mt-3 h-5"
          height={20}
        />
        <CopyRow label="Markdown" value={embeds.markdown} />
        <CopyRow label="HTML" value={embeds.html} />
        <p className="mt-4 text-sm text-slate-600">
          Behind the badge, a{' '}
          <a className="font-medium text-brand-700 underline" href={statementPath(agent.slug)}>
            signed statement
          </a>{' '}
          of what AgentAtlas vouches for today (a JWT for 24 hours), checked offline with{' '}
          <a className="font-medium text-brand-700 underline" href={JWKS_PATH}>
            our public keys
          </a>
          .
        </p>
      </section>
    </Card>
  );
}
