import { InfoPage } from '../components/layout/info-page.js';

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" intro="What AgentAtlas stores about you, why, and the choices you have.">
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: e-mail address, name, optional company, and a securely hashed password.</li>
          <li>What you create: reviews, favorites, drafts and submitted agents.</li>
          <li>
            A session cookie that keeps you signed in; it ends when you log out or after 30 minutes of
            inactivity.
          </li>
          <li>Anonymous view counts of agent pages, counted at most once per visitor and agent per day.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To run the directory, show your reviews, compute reputation scores, send the e-mails you ask for
          (verification, password reset, newsletter) and protect the platform against abuse. We do not sell
          personal data.
        </p>
      </section>
      <section>
        <h2>Showing your name</h2>
        <p>
          Reviews show your display name. If you choose to appear anonymously, others see only your first name
          and the initial of your last name.
        </p>
      </section>
      <section>
        <h2>Verification</h2>
        <p>
          Verification is powered by an identity verification provider. We keep only the result of a
          verification, not the documents used for it.
        </p>
      </section>
      <section>
        <h2>Newsletter</h2>
        <p>
          If you subscribe, we use your e-mail address only to send the newsletter. Every issue lets you
          unsubscribe.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can edit your profile, delete your reviews and ask us to delete your account and the personal
          data linked to it.
        </p>
      </section>
    </InfoPage>
  );
}
