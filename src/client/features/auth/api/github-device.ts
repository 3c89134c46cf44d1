import type { GithubDevicePollResponse, GithubDeviceStart } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

/** POST /api/auth/github/device: a code to enter at GitHub; 503 when GitHub is not configured. */
export function startDeviceSignin(): Promise<GithubDeviceStart> {
  return request<GithubDeviceStart>('/api/auth/github/device', { method: 'POST' });
}

/** POST /api/auth/github/device/poll: on "complete" the session cookie is set. */
export function pollDeviceSignin(handle: string, signal?: AbortSignal): Promise<GithubDevicePollResponse> {
  return request<GithubDevicePollResponse>('/api/auth/github/device/poll', {
    method: 'POST',
    body: { handle },
    ...(signal ? { signal } : {}),
  });
}
