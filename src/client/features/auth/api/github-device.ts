import type { CurrentUser } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

export interface DeviceSignin {
  handle: string;
  userCode: string;
  verificationUri: string;
  expiresIn: number;
  interval: number;
}

export interface DevicePollResult {
  status: 'pending' | 'slow_down' | 'complete' | 'expired' | 'denied';
  interval?: number;
  user?: CurrentUser;
}

/** POST /api/auth/github/device: a code to enter at GitHub; 503 when GitHub is not configured. */
export function startDeviceSignin(): Promise<DeviceSignin> {
  return request<DeviceSignin>('/api/auth/github/device', { method: 'POST' });
}

/** POST /api/auth/github/device/poll: on "complete" the session cookie is set. */
export function pollDeviceSignin(handle: string, signal?: AbortSignal): Promise<DevicePollResult> {
  return request<DevicePollResult>('/api/auth/github/device/poll', {
    method: 'POST',
    body: { handle },
    ...(signal ? { signal } : {}),
  });
}
