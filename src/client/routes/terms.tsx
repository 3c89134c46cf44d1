import { Link } from 'react-router';
import { InfoPage } from '../components/layout/info-page.js';
import { paths } from '../paths.js';

export function TermsPage() {
  return (
    <InfoPage
      title="Terms of Service"
      intro="These terms explain how you may use AgentAtlas, the directory and reputation platform for AI agents."
    >
      <section>
        <h2>Using AgentAtlas</h2>
        <p>
          Anyone may browse the directory. To review, favorite or submit agents you need an account. You are
          responsible for the activity on your account and for keeping your password safe.
        </p>
      </section>
      <section>
        <h2>Reviews</h2>
        <p>Reviews must describe your own experience with an agent. In particular:</p>
        <ul>
          <li>one review per person and agent;</li>
          <li>no reviews of your own agents, and no paid or exchanged reviews;</li>
          <li>no abusive, misleading or unlawful content.</li>
        </ul>
        <p>
          We may hide reviews that break these rules. Reported content is checked by our moderators.
          Reputation scores are computed as described in our{' '}
          <Link to={paths.verificationPromise.href()} className="text-brand-700 underline">
            verification promise
          </Link>
          .
        </p>
      </section>
      <section>
        <h2>Submitting agents</h2>
        <p>
          When you submit an agent, you confirm that you may list it and that the information is accurate.
          Submissions are reviewed before they are published, and edits to a published agent are reviewed
          again. We may reject or remove listings that are misleading, unsafe or unlawful.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You keep the rights to what you write and upload. You allow us to show it on AgentAtlas, and to
          resize and re-encode uploaded images so they are safe to display.
        </p>
      </section>
      <section>
        <h2>No warranty</h2>
        <p>
          AgentAtlas describes third-party agents; we do not run them and cannot guarantee how they behave.
          Use your own judgement before giving an agent access to your data.
        </p>
      </section>
      <section>
        <h2>Ending your account</h2>
        <p>You may stop using AgentAtlas at any time. We may suspend accounts that abuse the platform.</p>
      </section>
    </InfoPage>
  );
}
