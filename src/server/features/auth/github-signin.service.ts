import { normalizeEmail } from '../../../shared/rules/email.js';
import { safeReturnPath } from '../../../shared/rules/return-path.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import type { GithubClient } from '../github/github-client.js';
import type { AuthDeps } from './auth.service.js';
import {
  createOauthState,
  readOauthState,
  updateOauthState,
  type OauthStateDeps,
} from './oauth-states.service.js';

export interface GithubSigninDeps extends AuthDeps, OauthStateDeps {
  github: GithubClient;
}

const SCOPE = 'read:user user:email';
const STATE_LIFETIME_MS = 10 * 60 * 1000;

export async function startGithubSignin(
  deps: GithubSigninDeps,
  options: { returnPath: string; redirectUri: string },
) {
  const state = await createOauthState(deps, {
    kind: 'github_signin',
    // Only same-site paths may be returned to, so the callback can never redirect off the site.
    payload: { returnPath: safeReturnPath(options.returnPath).slice(0, 500) },
    lifetimeMs: STATE_LIFETIME_MS,
  });
  return deps.github.authorizeUrl({ state, redirectUri: options.redirectUri, scope: SCOPE });
}

/**
 * Finds or creates the account for a GitHub identity. Accounts are keyed by GitHub's numeric id; an
 * existing account is linked only when GitHub reports its address as primary and verified, so
 * nobody can take over an account by adding its address, unverified, to a GitHub profile.
 */
async function accountForToken(deps: GithubSigninDeps, accessToken: string): Promise<UserRow> {
  const githubUser = await deps.github.getUser(accessToken);
  const githubId = String(githubUser.id);
  const known = await deps.users.findByGithubId(githubId);
  if (known) return known;

  const emails = await deps.github.getEmails(accessToken);
  const primary = emails.find((entry) => entry.primary && entry.verified);
  if (!primary) {
    throw new AppError('validation', 'Your GitHub account has no verified primary e-mail address.');
  }
  const email = normalizeEmail(primary.email);
  const existing = await deps.users.findByEmail(email);
  const now = nowIso();
  if (existing) {
    return deps.users.update(existing.id, {
      github_id: githubId,
      github_login: githubUser.login,
      email_verified: 1,
      updated_at: now,
    });
  }
  const [firstName, ...rest] = (githubUser.name ?? '').trim().split(/\s+/).filter(Boolean);
  return deps.users.insert({
    email,
    username: email,
    password_hash: null,
    first_name: firstName ?? null,
    last_name: rest.length ? rest.join(' ') : null,
    full_name: githubUser.name?.trim() || githubUser.login,
    company_name: null,
    company_website: null,
    organization_type: 'individual',
    user_type: 'developer',
    role: 'user',
    email_verified: 1,
    is_anonymous: 0,
    github_id: githubId,
    github_login: githubUser.login,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
}

export async function finishGithubSignin(
  deps: GithubSigninDeps,
  options: { code: string; state: string; redirectUri: string },
): Promise<{ user: UserRow; returnPath: string }> {
  const saved = await readOauthState(deps, {
    state: options.state,
    kind: 'github_signin',
    consume: true,
  });
  if (!saved)
    throw new AppError(
      'validation',
      'The sign-in request expired or was not started here. Please try again.',
    );
  const answer = await deps.github.exchangeCode(options.code, options.redirectUri);
  if (answer.kind !== 'token')
    throw new AppError('authentication', 'GitHub did not accept the sign-in. Please try again.');
  return { user: await accountForToken(deps, answer.accessToken), returnPath: saved.payload.returnPath };
}

export async function startDeviceSignin(deps: GithubSigninDeps) {
  const device = await deps.github.startDeviceFlow(SCOPE);
  const handle = await createOauthState(deps, {
    kind: 'github_device',
    payload: { deviceCode: device.deviceCode, interval: device.interval },
    lifetimeMs: device.expiresIn * 1000,
  });
  return {
    handle,
    userCode: device.userCode,
    verificationUri: device.verificationUri,
    expiresIn: device.expiresIn,
    interval: device.interval,
  };
}

export type DevicePollResult =
  | { status: 'complete'; user: UserRow }
  | { status: 'pending' | 'slow_down'; interval: number }
  | { status: 'expired' | 'denied' };

export async function pollDeviceSignin(deps: GithubSigninDeps, handle: string): Promise<DevicePollResult> {
  const saved = await readOauthState(deps, {
    state: handle,
    kind: 'github_device',
    consume: false,
  });
  if (!saved) return { status: 'expired' };
  const answer = await deps.github.pollDeviceFlow(saved.payload.deviceCode);
  switch (answer.kind) {
    case 'token': {
      await readOauthState(deps, { state: handle, kind: 'github_device', consume: true });
      return { status: 'complete', user: await accountForToken(deps, answer.accessToken) };
    }
    case 'pending':
      return { status: 'pending', interval: saved.payload.interval };
    case 'slow_down': {
      const interval = saved.payload.interval + 5;
      await updateOauthState(deps, {
        state: handle,
        kind: 'github_device',
        payload: { ...saved.payload, interval },
      });
      return { status: 'slow_down', interval };
    }
    case 'denied':
      await readOauthState(deps, { state: handle, kind: 'github_device', consume: true });
      return { status: 'denied' };
    default:
      await readOauthState(deps, { state: handle, kind: 'github_device', consume: true });
      return { status: 'expired' };
  }
}
