import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { InfoPage } from '../components/layout/info-page.js';
import { paths } from '../paths.js';

export function VerificationPromisePage() {
  return (
    <InfoPage
      title="Our verification promise"
      intro="How we decide which agents earn a verified badge, and how every agent's reputation score is calculated."
    >
      <section>
        <h2>The verified badge</h2>
        <p>
          <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
            Verified
          </span>{' '}
          means an administrator has checked that the person who listed the agent really controls it: their
          connected GitHub account owns the agent's repository. Verification is powered by an identity
          verification provider.
        </p>
        <p>
          A badge says who stands behind an agent; it is not a guarantee of quality. That is what reviews and
          the reputation score are for. The home page can show verified agents only.
        </p>
      </section>
      <section>
        <h2>The reputation score</h2>
        <p>
          Every agent has a reputation score from 0 to 100. It is a Bayesian average of its ratings, so a
          handful of reviews cannot push an agent to the top or the bottom:
        </p>
        <p
          className="overflow-x-auto rounded-xl bg-slate-900 px-5 py-4 text-center font-mono text-base text-white"
          aria-label="score equals C times m plus the sum of w i times r i, divided by C plus the sum of w i"
        >
          score = (C·m + Σ wᵢ·rᵢ) / (C + Σ wᵢ)
        </p>
        <ul>
          <li>
            <strong>m</strong> is the mean rating across the whole site, and <strong>C = 10</strong> is the
            weight of that prior: a new agent starts at the site average and moves away from it as reviews
            arrive.
          </li>
          <li>
            <strong>rᵢ</strong> is the rating (1 to 5 stars) of review i, and <strong>wᵢ</strong> its weight.
          </li>
          <li>
            A review weighs more when its author has a verified e-mail address, has had an account for longer,
            and is more active on the platform.
          </li>
          <li>
            A review by the agent's own owner has weight 0: it is shown, but it never changes the score.
          </li>
        </ul>
        <p>
          The result, between 1 and 5 stars, is scaled to 0-100, and verified agents receive a small bonus on
          top. The score is updated each time a review is written, edited or removed.
        </p>
      </section>
      <section>
        <h2>Tools on the record</h2>
        <p>
          For every listed MCP server, AgentAtlas keeps each tool the server offers, whole, and checks it with
          published rules for hidden instructions, invisible characters, requests for secrets, sending data
          away, instructions about other tools, contradicting annotations and oversized tool lists.{' '}
          <Link to={paths.toolRiskRules.href()} className="text-brand-700 underline">
            How the tool risk rules work
          </Link>
          .
        </p>
      </section>
      <section>
        <h2>Keeping it fair</h2>
        <ul>
          <li>One review per person and agent.</li>
          <li>Reviews and reports are rate-limited, and reported reviews go to our moderators.</li>
          <li>
            Views are counted once per visitor, agent and day, so trending lists cannot be gamed by reloading.
          </li>
        </ul>
      </section>
    </InfoPage>
  );
}
