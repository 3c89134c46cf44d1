import { HardDrive, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { ORPHAN_MIN_AGE_MS, LOGO_OUTPUT_SIZE_PX } from '../../shared/limits.js';
import { InfoPage } from '../components/layout/info-page.js';
import { AccountCard } from '../components/layout/account-card.js';
import { ButtonLink } from '../components/ui/button.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { OwnUploadsList } from '../features/storage/components/own-uploads-list.js';
import { StorageInfoCard } from '../features/storage/components/storage-info-card.js';
import { UploadTryout } from '../features/storage/components/upload-tryout.js';
import { useAuthSession } from '../lib/auth-session.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

const code = 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-800';
const orphanHours = ORPHAN_MIN_AGE_MS / (60 * 60 * 1000);

/** /storage-setup: how file storage is configured today, with the live driver and limits. */
export function StorageSetupPage() {
  return (
    <InfoPage
      title="Storage setup"
      intro="Where AgentAtlas keeps uploaded files, and what to do to keep them safe."
    >
      <section>
        <h2>Where files live</h2>
        <p>
          Uploaded logos are kept by the local-disk driver in <code className={code}>$DATA_DIR/uploads</code>{' '}
          (<code className={code}>./data/uploads</code> unless <code className={code}>DATA_DIR</code> is set).
          They are served at <code className={code}>/uploads/…</code> by the same server. The local disk is
          the only driver today, so there is nothing else to configure.
        </p>
      </section>
      <section>
        <h2>Back it up with the database</h2>
        <p>
          The database records each file and what uses it; the folder holds the images. Back up{' '}
          <code className={code}>$DATA_DIR/uploads</code> together with the database, and restore them
          together, or listings point at missing logos.
        </p>
      </section>
      <section>
        <h2>What is stored</h2>
        <ul>
          <li>PNG, JPEG and WebP images are accepted, recognised by their content rather than their name.</li>
          <li>
            Every image is re-encoded to WebP, at most {LOGO_OUTPUT_SIZE_PX} px on a side, with its metadata
            removed.
          </li>
          <li>SVG and any other kind of file are refused.</li>
        </ul>
      </section>
      <section>
        <h2>Cleaning up</h2>
        <p>
          A file no agent, revision or draft uses is an orphan. Admins remove orphans older than{' '}
          {orphanHours === 24 ? 'a day' : `${orphanHours} hours`} from{' '}
          <Link to={paths.adminStorage.href()} className="text-brand-700 underline underline-offset-2">
            storage administration
          </Link>
          ; younger ones are left alone, as they may belong to a form someone is still filling in.
        </p>
      </section>
      <section>
        <h2>Current configuration</h2>
        <StorageInfoCard headingLevel={3} />
      </section>
    </InfoPage>
  );
}

/** /storage-info: the driver and the limits, as the server reports them (never a secret or a path). */
export function StorageInfoPage() {
  useDocumentTitle('Storage information');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Storage information</h1>
      <p className="mt-2 text-slate-600">
        How uploaded files are stored and the limits they must meet.{' '}
        <Link to={paths.storageSetup.href()} className="text-brand-700 underline underline-offset-2">
          How storage is set up
        </Link>
      </p>
      <StorageInfoCard className="mt-6" />
    </div>
  );
}

/** /storage-basic: a signed-in person tries an upload and manages their own files. */
export function StorageBasicPage() {
  const { status } = useAuthSession();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'unauthenticated') return <StorageBasicSignedOut />;
  return <StorageBasicSignedIn />;
}

function StorageBasicSignedOut() {
  return (
    <AccountCard
      title="Basic storage"
      icon={<HardDrive className="h-6 w-6" />}
      description="Sign in to try an upload and see the files you have stored."
    >
      <ButtonLink to={paths.auth.href({ returnPath: paths.storageBasic.href() })} className="w-full">
        <LogIn className="h-4 w-4" aria-hidden="true" />
        Login
      </ButtonLink>
    </AccountCard>
  );
}

function StorageBasicSignedIn() {
  useDocumentTitle('Basic storage');
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Basic storage</h1>
        <p className="mt-2 text-slate-600">
          Upload an image to see what the server keeps.{' '}
          <Link to={paths.storageInfo.href()} className="text-brand-700 underline underline-offset-2">
            Storage limits
          </Link>
        </p>
      </div>
      <UploadTryout />
      <OwnUploadsList />
    </div>
  );
}
