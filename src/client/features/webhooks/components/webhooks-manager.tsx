import { Copy, Send, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  WEBHOOK_TEST_EVENT,
  webhookEventLabels,
  webhookEvents,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../../../../shared/api/webhooks.js';
import { formatDate, formatDateTime } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { CheckboxField, TextField } from '../../../components/ui/form-field.js';
import { Label, Select } from '../../../components/ui/input.js';
import { RetryNotice } from '../../../components/ui/load-failure.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useEnableWebhook,
  useSendWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks.js';

/** The owner's agents a webhook can follow, passed in by the page. */
export interface WebhookAgentChoice {
  id: number;
  name: string;
}

const deliveryTone = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

function deliveryLabel(delivery: WebhookDelivery) {
  if (delivery.status === 'delivered') return 'Delivered';
  if (delivery.status === 'failed') return 'Failed';
  return delivery.attempts.length === 0 ? 'Queued' : 'Retrying';
}

function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        Copy the signing secret now: it is shown only once.
      </p>
      <p className="mt-1 text-sm text-amber-900">
        Your receiver checks each delivery&rsquo;s <code>webhook-signature</code> with it (see the README,
        &ldquo;Integrate&rdquo;).
      </p>
      <code className="mt-3 block break-all rounded-lg bg-white p-2 font-mono text-sm text-slate-900">
        {secret}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => toast.success('Secret copied'),
              () => toast.error('Copy failed; select the secret and copy it yourself'),
            )
          }
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy secret
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

function AddWebhookForm({
  agents,
  onCreated,
}: {
  agents: WebhookAgentChoice[];
  onCreated: (secret: string) => void;
}) {
  const create = useCreateWebhook();
  const agentSelectId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['review.created']);
  const [agentId, setAgentId] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'url' | 'events' | 'agentId'>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    create.mutate(
      { url: url.trim(), events, agentId: agentId ? Number(agentId) : null },
      {
        onSuccess: (created) => {
          setUrl('');
          onCreated(created.secret);
        },
        onError: (error) => {
          const fields = isApiError(error)
            ? serverFieldErrors<'url' | 'events' | 'agentId'>(error.details)
            : {};
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFormError(error.message);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Receiver URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/agentatlas"
        value={url}
        onValueChange={setUrl}
        error={errors.url}
        required
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {webhookEvents.map((name) => (
            <CheckboxField
              key={name}
              checked={events.includes(name)}
              onCheckedChange={(checked) =>
                setEvents((current) =>
                  checked ? [...current, name] : current.filter((existing) => existing !== name),
                )
              }
            >
              <span className="font-mono text-xs text-slate-900">{name}</span>
              <span className="block text-xs text-slate-600">{webhookEventLabels[name]}</span>
            </CheckboxField>
          ))}
        </div>
        {errors.events && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={agentSelectId}>For</Label>
        <Select id={agentSelectId} value={agentId} onChange={(event) => setAgentId(event.target.value)}>
          <option value="">All my agents</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </Select>
        {errors.agentId && <p className="text-sm text-red-700">{errors.agentId}</p>}
      </div>
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <PendingButton type="submit" pending={create.isPending} pendingLabel="Adding…">
        Add webhook
      </PendingButton>
    </form>
  );
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const log = useWebhookDeliveries(webhook.id, true);
  const send = useSendWebhook(webhook.id);
  if (log.isPending) return <Skeleton className="h-16 w-full" />;
  if (log.isError)
    return <RetryNotice message="The delivery log could not be loaded." onRetry={() => void log.refetch()} />;
  const { deliveries } = log.data;
  if (deliveries.length === 0)
    return (
      <p className="text-sm text-slate-600">Nothing sent yet. Send a test event to try your receiver.</p>
    );
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Deliveries">
      {deliveries.map((delivery) => {
        const last = delivery.attempts.at(-1);
        return (
          <li key={delivery.id} className="p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs text-slate-900">{delivery.event}</span>
              <Badge tone={deliveryTone[delivery.status]}>{deliveryLabel(delivery)}</Badge>
              <span className="text-xs text-slate-600">{formatDateTime(delivery.createdAt)}</span>
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {last
                ? `${delivery.attempts.length} attempt${delivery.attempts.length === 1 ? '' : 's'}; last: ${
                    last.statusCode !== null ? `HTTP ${last.statusCode}` : (last.error ?? 'no answer')
                  } in ${last.durationMs} ms`
                : 'Not sent yet'}
              {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts.length > 0
                ? `; next try ${formatDateTime(delivery.nextAttemptAt)}`
                : ''}
            </p>
            {last?.error && last.statusCode !== null && (
              <p className="mt-1 text-xs text-red-700">{last.error}</p>
            )}
            {delivery.status !== 'pending' && webhook.status === 'active' && (
              <Button
                className="mt-2"
                size="sm"
                variant="outline"
                disabled={send.isPending}
                onClick={() => send.mutate(delivery.id)}
              >
                Send again
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const send = useSendWebhook(webhook.id);
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const active = webhook.status === 'active';
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={active ? (webhook.failingSince ? 'warning' : 'success') : 'danger'}>
          {active ? (webhook.failingSince ? 'Failing' : 'Active') : 'Turned off'}
        </Badge>
        <span className="text-xs text-slate-600">
          {webhook.agent ? `For ${webhook.agent.name}` : 'For all your agents'} · added{' '}
          {formatDate(webhook.createdAt)}
        </span>
      </div>
      <p className="mt-2 break-all font-mono text-sm text-slate-900">{webhook.url}</p>
      <p className="mt-1 break-words text-xs text-slate-600">{webhook.events.join(', ')}</p>
      {webhook.disabledReason && <p className="mt-2 text-sm text-red-700">{webhook.disabledReason}</p>}
      {active && webhook.failingSince && (
        <p className="mt-2 text-sm text-amber-800">
          Deliveries have failed since {formatDateTime(webhook.failingSince)}; after a day of failures the
          webhook is turned off.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {active ? (
          <PendingButton
            size="sm"
            variant="outline"
            pending={send.isPending}
            onClick={() => send.mutate(null)}
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            Send test event
          </PendingButton>
        ) : (
          <PendingButton size="sm" pending={enable.isPending} onClick={() => enable.mutate(webhook.id)}>
            Turn on
          </PendingButton>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showLog}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <PendingButton
          size="sm"
          variant="ghost"
          pending={remove.isPending}
          aria-label={`Remove the webhook to ${webhook.url}`}
          onClick={() => remove.mutate(webhook.id)}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Remove
        </PendingButton>
      </div>
      {showLog && (
        <div className="mt-3">
          <DeliveryLog webhook={webhook} />
        </div>
      )}
    </li>
  );
}

/**
 * Webhooks on /settings: add one (the secret is shown once), send a test event, read the delivery log
 * and send a delivery again, turn a webhook back on, remove it.
 */
export function WebhooksManager({ agents }: { agents: WebhookAgentChoice[] }) {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        Deliveries are signed the Standard Webhooks way and retried for a day. A{' '}
        <code className="font-mono text-xs">{WEBHOOK_TEST_EVENT}</code> event checks your receiver.
      </p>
      {secret && <SecretNotice secret={secret} onDone={() => setSecret(null)} />}
      {webhooks.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : webhooks.isError ? (
        <RetryNotice message="Your webhooks could not be loaded." onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <p className="text-sm text-slate-600">
          No webhooks yet. Add one to hear about reviews, status changes, health and lapsed claims as they
          happen.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Your webhooks">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 pt-5">
        <h3 className="mb-3 text-sm font-semibold text-slate-900">Add a webhook</h3>
        <AddWebhookForm agents={agents} onCreated={setSecret} />
      </div>
    </div>
  );
}
