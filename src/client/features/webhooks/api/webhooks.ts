import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookInput,
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from '../../../../shared/api/webhooks.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** GET /api/user/webhooks */
export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.list(),
    queryFn: ({ signal }) => request<WebhookList>('/api/user/webhooks', { signal }),
  });
}

/** GET /api/user/webhooks/{id}/deliveries: refreshed every few seconds while a delivery waits. */
export function useWebhookDeliveries(webhookId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId),
    queryFn: ({ signal }) =>
      request<WebhookDeliveryList>(`/api/user/webhooks/${webhookId}/deliveries`, { signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 2000 : false,
  });
}

/** The list only: the delivery logs under the same key refresh on their own. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list(), exact: true });
}

/** POST /api/user/webhooks: answers the secret, which the form shows once. */
export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateWebhookInput) =>
      request<CreatedWebhook>('/api/user/webhooks', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (webhookId: number) => request<null>(`/api/user/webhooks/${webhookId}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Webhook removed');
      return refresh();
    },
    onError: (error) => toast.error('The webhook could not be removed', { description: error.message }),
  });
}

export function useEnableWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (webhookId: number) =>
      request<Webhook>(`/api/user/webhooks/${webhookId}/enable`, { method: 'POST' }),
    onSuccess: () => {
      toast.success('Webhook turned on');
      return refresh();
    },
    onError: (error) => toast.error('The webhook could not be turned on', { description: error.message }),
  });
}

/** POST …/test and POST …/deliveries/{id}/resend: both queue a delivery and show it in the log. */
export function useSendWebhook(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resendOf: number | null) =>
      request<WebhookDelivery>(
        resendOf === null
          ? `/api/user/webhooks/${webhookId}/test`
          : `/api/user/webhooks/${webhookId}/deliveries/${resendOf}/resend`,
        { method: 'POST' },
      ),
    onSuccess: (_delivery, resendOf) => {
      toast.success(resendOf === null ? 'Test event sent' : 'Sent again', {
        description: 'It arrives within seconds; the log below shows the answer.',
      });
      return queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(webhookId) });
    },
    onError: (error) => toast.error('Nothing was sent', { description: error.message }),
  });
}
