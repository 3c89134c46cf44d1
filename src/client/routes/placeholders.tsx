import { BarChart3, Clock, LayoutDashboard } from 'lucide-react';
import { ComingSoon } from '../components/layout/coming-soon.js';

/** Owner pages no issue has asked for yet: designed placeholders, never a blank screen. */
const icon = 'h-6 w-6';

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
