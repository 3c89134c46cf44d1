import { useSearchParams } from 'react-router';
import { Tabs } from '../components/ui/tabs.js';
import { useOpenReports } from '../features/reports/api/get-open-reports.js';
import { useAdminSubmissions } from '../features/admin/api/get-admin-submissions.js';
import { ReportsQueue } from '../features/reports/components/reports-queue.js';
import { StatsOverview } from '../features/admin/components/stats-overview.js';
import { SubmissionQueue } from '../features/admin/components/submission-queue.js';
import { AdminNav } from '../features/admin/components/admin-nav.js';
import { VerificationPanel } from '../features/claims/components/verification-panel.js';
import { usePendingAppeals } from '../features/record/api/record.js';
import { AppealsQueue } from '../features/record/components/appeals-queue.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

type DashboardTab = 'submissions' | 'reports' | 'appeals';
const otherTabs: DashboardTab[] = ['reports', 'appeals'];

/** /admin/dashboard: the figures, then the moderation queues (the tab lives in the URL). */
export function AdminDashboardPage() {
  useDocumentTitle('Admin dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: DashboardTab = otherTabs.find((entry) => entry === searchParams.get('tab')) ?? 'submissions';
  const submissions = useAdminSubmissions();
  const reports = useOpenReports();
  const appeals = usePendingAppeals();
  const count = (value: number | undefined) => (value === undefined ? '' : ` (${value})`);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <AdminNav />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Admin dashboard</h1>
      <p className="mt-2 text-slate-600">
        Review submissions, reports and appeals, and see how the directory is doing.
      </p>
      <div className="mt-6">
        <StatsOverview />
      </div>
      <Tabs
        className="mt-8"
        label="Moderation queues"
        value={tab}
        onValueChange={(next) =>
          setSearchParams(next === 'submissions' ? {} : { tab: next }, { replace: true })
        }
        items={[
          {
            key: 'submissions',
            label: `Submissions${count(submissions.data?.submissions.length)}`,
            panel: (
              <SubmissionQueue
                query={submissions}
                renderVerification={(submission) => (
                  <VerificationPanel
                    agentId={submission.agentId}
                    name={submission.agent.name}
                    verified={submission.agent.verified}
                  />
                )}
              />
            ),
          },
          {
            key: 'reports',
            label: `Reports${count(reports.data?.reports.length)}`,
            panel: <ReportsQueue query={reports} />,
          },
          {
            key: 'appeals',
            label: `Appeals${count(appeals.data?.appeals.length)}`,
            panel: <AppealsQueue query={appeals} />,
          },
        ]}
      />
    </div>
  );
}
