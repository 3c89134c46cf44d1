import { toast } from '../lib/toast.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

export function ToastDemoPage() {
  useDocumentTitle('Toast demo');
  const examples = [
    {
      label: 'Plain toast',
      run: () => toast('Event created', { description: 'A plain toast with a description.' }),
    },
    { label: 'Success toast', run: () => toast.success('Subscribed successfully!') },
    {
      label: 'Error toast',
      run: () => toast.error('Failed to subscribe', { description: 'Please try again later.' }),
    },
    {
      label: 'Toast with action',
      run: () =>
        toast('Draft deleted', { action: { label: 'Action', onClick: () => toast('Action clicked') } }),
    },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Toast demo</h1>
      <p className="mt-2 text-slate-600">
        Toasts appear at the bottom right, close after 4 seconds and stack up to 3 at a time. Press Alt+T to
        focus them.
      </p>
      <Card className="mt-8 flex flex-wrap gap-3 p-6">
        {examples.map((example) => (
          <Button key={example.label} variant="outline" onClick={example.run}>
            {example.label}
          </Button>
        ))}
      </Card>
    </div>
  );
}
