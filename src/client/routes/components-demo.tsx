import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { useId } from 'react';
import { AgentCardSkeleton } from '../components/layout/page-skeleton.js';
import { Avatar } from '../components/ui/avatar.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Input, Label, Select } from '../components/ui/input.js';
import { Spinner } from '../components/ui/spinner.js';
import { StarRating } from '../components/ui/star-rating.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

export function ComponentsDemoPage() {
  useDocumentTitle('Components');
  const id = useId();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Components</h1>
        <p className="mt-2 text-slate-600">The building blocks of the AgentAtlas interface.</p>
      </div>
      <Section title="Buttons">
        <div className="flex flex-wrap gap-3">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
          <Button disabled>Disabled</Button>
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
        </div>
      </Section>
      <Section title="Form fields">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-text`}>Agent name</Label>
            <Input id={`${id}-text`} placeholder="e.g. Research Copilot" />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-select`}>Pricing</Label>
            <Select id={`${id}-select`} defaultValue="free">
              <option value="free">Free</option>
              <option value="paid">Paid</option>
            </Select>
          </div>
        </div>
      </Section>
      <Section title="Badges, avatars and ratings">
        <div className="flex flex-wrap items-center gap-4">
          <Badge>Neutral</Badge>
          <Badge tone="brand">Brand</Badge>
          <Badge tone="success">Success</Badge>
          <Badge tone="warning">Warning</Badge>
          <Avatar name="Ada Lovelace" />
          <Avatar name="" />
          <StarRating value={4.5} />
          <Spinner className="text-brand-600" />
        </div>
      </Section>
      <Section title="Loading and empty states">
        <div className="grid gap-4 sm:grid-cols-2">
          <AgentCardSkeleton />
          <EmptyState
            icon={<Inbox className="h-6 w-6" />}
            title="Nothing here yet"
            description="An empty state."
          />
        </div>
      </Section>
    </div>
  );
}
