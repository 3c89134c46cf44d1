import {
  Activity,
  BarChart3,
  Bot,
  Clock,
  Database,
  FilePen,
  FileText,
  FolderTree,
  HardDrive,
  LayoutDashboard,
  Rocket,
  ShieldCheck,
} from 'lucide-react';
import { useParams } from 'react-router';
import { ComingSoon } from '../components/layout/coming-soon.js';
import { GithubIcon } from '../components/ui/github-icon.js';
import { paths } from '../paths.js';

const icon = 'h-6 w-6';

function StoragePage({ title, description }: { title: string; description: string }) {
  return (
    <ComingSoon
      title={title}
      icon={<HardDrive className={icon} />}
      description={description}
      features={[
        'See where uploaded logos and screenshots are stored.',
        'Check the storage configuration and available space.',
      ]}
    />
  );
}

export function StorageSetupPage() {
  return <StoragePage title="Storage setup" description="Configure where AgentAtlas keeps uploaded files." />;
}

export function StorageInfoPage() {
  return (
    <StoragePage
      title="Storage information"
      description="An overview of the file storage used by AgentAtlas."
    />
  );
}

export function StorageBasicPage() {
  return (
    <StoragePage
      title="Basic storage"
      description="The built-in file storage that works without extra services."
    />
  );
}

export function SubmitAgentPage() {
  return (
    <ComingSoon
      title="Submit an agent"
      icon={<Rocket className={icon} />}
      description="List your AI agent in the directory. Submissions are reviewed before they are published."
      features={[
        'Describe your agent: name, tagline, Markdown description, category, tags and pricing.',
        'Upload a logo and link the website, documentation and GitHub repository.',
        'Save drafts as you go; you are warned before leaving with unsaved changes.',
        'Follow the review status of your submission.',
      ]}
    />
  );
}

export function SubmitAgentGithubCallbackPage() {
  return (
    <ComingSoon
      title="Connecting GitHub"
      icon={<GithubIcon className={icon} />}
      description="This page finishes the GitHub step of an agent submission and returns you to your form."
      features={['Confirm the GitHub connection.', 'Return to the submission form where you left it.']}
      backTo={{ href: paths.submitAgent.href(), label: 'Back to submission' }}
    />
  );
}

export function MetricsPage() {
  return (
    <ComingSoon
      title="Metrics"
      icon={<BarChart3 className={icon} />}
      description="Views, favorites and reviews of your agents over time."
      features={['Charts for the last 7, 30 or 90 days.', 'Compare your agents side by side.']}
    />
  );
}

export function DashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      icon={<LayoutDashboard className={icon} />}
      description="An overview of your agents: status, reputation, recent reviews and notifications."
      features={['See which submissions are pending, published or need changes.', 'Reply to new reviews.']}
    />
  );
}

export function AgentStatusPage() {
  const { id } = useParams();
  return (
    <ComingSoon
      title="Submission status"
      icon={<Activity className={icon} />}
      description={`Follow the review of your agent submission${id ? ` #${id}` : ''}.`}
      features={['See each step of the review as a timeline.', 'Read the reason if changes are requested.']}
      backTo={{ href: paths.myAgents.href(), label: 'Back to my agents' }}
    />
  );
}

export function EditAgentPage() {
  return (
    <ComingSoon
      title="Edit agent"
      icon={<FilePen className={icon} />}
      description="Update the listing of one of your agents; changes to a published agent are reviewed again."
      features={['Edit every field of the listing.', 'Preview the Markdown description before saving.']}
      backTo={{ href: paths.myAgents.href(), label: 'Back to my agents' }}
    />
  );
}

export function HistoryPage() {
  return (
    <ComingSoon
      title="History"
      icon={<Clock className={icon} />}
      description="A log of what happened to your agents: submissions, reviews, verifications and edits."
      features={['Browse events page by page.', 'Jump to the agent or review behind each event.']}
    />
  );
}

export function MyDraftsPage() {
  return (
    <ComingSoon
      title="My drafts"
      icon={<FileText className={icon} />}
      description="Agent submissions you started but have not sent for review yet."
      features={[
        'Continue, delete or submit a draft.',
        'Drafts are saved to your account, not just this browser.',
      ]}
    />
  );
}

export function MyAgentsPage() {
  return (
    <ComingSoon
      title="My agents"
      icon={<Bot className={icon} />}
      description="Every agent you own, with its status and reputation."
      features={['Open the status, edit or metrics of each agent.', 'Start a new submission.']}
    />
  );
}

export function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Admin dashboard"
      icon={<ShieldCheck className={icon} />}
      description="Moderate the directory: review submissions, verify agents and handle reports."
      features={[
        'Approve or reject pending submissions with a reason.',
        'Verify agents whose owners control the GitHub repository.',
        'Handle reported agents and reviews; see site statistics.',
      ]}
    />
  );
}

export function AdminCategoriesPage() {
  return (
    <ComingSoon
      title="Manage categories"
      icon={<FolderTree className={icon} />}
      description="Create, rename and remove the categories agents are listed in."
      features={[
        'Add a category with a name, description and icon.',
        'See how many agents each category holds.',
      ]}
    />
  );
}

export function AdminStoragePage() {
  return (
    <ComingSoon
      title="Manage storage"
      icon={<Database className={icon} />}
      description="Review and clean up uploaded files."
      features={['List uploads with their size and owner.', 'Delete files that are no longer used.']}
    />
  );
}
