import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubAccount {
  id: number;
  login: string;
  name: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface FakeGithub {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The account that is "signed in at GitHub" and approves requests. */
  signIn(account: FakeGithubAccount): void;
  /** Approves a pending device code as the signed-in account. */
  approveDevice(userCode: string): void;
  denyDevice(userCode: string): void;
  /** Issues an authorization code as GitHub's authorize page would, for API tests that skip the browser. */
  authorize(options: { redirectUri: string; state: string }): string;
  requests: string[];
  close(): Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

async function readBody(request: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * A local stand-in for github.com and api.github.com that speaks the parts of GitHub's real
 * protocol AgentAtlas uses: the OAuth web flow, the device flow, /user and /user/emails.
 */
export async function startFakeGithub(
  options: { deviceInterval?: number; port?: number } = {},
): Promise<FakeGithub> {
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret';
  let current: FakeGithubAccount | null = null;
  const codes = new Map<string, { account: FakeGithubAccount; redirectUri: string }>();
  const tokens = new Map<string, FakeGithubAccount>();
  const devices = new Map<
    string,
    { userCode: string; account: FakeGithubAccount | null; denied: boolean; lastPoll: number }
  >();
  const requests: string[] = [];

  function issueCode(redirectUri: string) {
    if (!current) throw new Error('nobody is signed in at the fake GitHub');
    const code = randomBytes(10).toString('hex');
    codes.set(code, { account: current, redirectUri });
    return code;
  }

  function issueToken(account: FakeGithubAccount) {
    const token = `gho_${randomBytes(16).toString('hex')}`;
    tokens.set(token, account);
    return token;
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-github.local');
    requests.push(`${request.method} ${url.pathname}`);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>GitHub (fake)</title></head><body>${body}</body></html>`,
      );
    };
    const bearer = () => tokens.get((request.headers.authorization ?? '').replace(/^(Bearer|token) /, ''));

    try {
      if (url.pathname === '/favicon.ico') {
        response.writeHead(204);
        return response.end();
      }
      // Test control, for browser tests in another process: who is signed in at "GitHub".
      if (request.method === 'POST' && url.pathname === '/_fake/sign-in') {
        current = (await readBody(request)) as unknown as FakeGithubAccount;
        return json(200, { ok: true });
      }
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const clientOk = url.searchParams.get('client_id') === clientId;
        if (!clientOk) return html('<h1>Unknown application</h1>');
        const approve = new URL('/login/oauth/authorize/approve', 'http://x');
        approve.search = url.search;
        return html(
          `<main><h1>Authorize AgentAtlas</h1><p>Signed in as ${escapeHtml(current?.login ?? 'nobody')}</p>` +
            `<a id="authorize" href="${escapeHtml(approve.pathname + approve.search)}">Authorize</a></main>`,
        );
      }
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize/approve') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const code = issueCode(redirectUri);
        const target = new URL(redirectUri);
        target.searchParams.set('code', code);
        target.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: target.toString() });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const body = await readBody(request);
        if (body.client_id !== clientId) return json(200, { error: 'incorrect_client_credentials' });
        if (body.grant_type === 'urn:ietf:params:oauth:grant-type:device_code') {
          const device = devices.get(body.device_code ?? '');
          if (!device) return json(200, { error: 'expired_token' });
          const now = Date.now();
          const tooSoon = now - device.lastPoll < (options.deviceInterval ?? 1) * 1000 - 200;
          device.lastPoll = now;
          if (device.denied) return json(200, { error: 'access_denied' });
          if (!device.account) return json(200, { error: tooSoon ? 'slow_down' : 'authorization_pending' });
          devices.delete(body.device_code!);
          return json(200, {
            access_token: issueToken(device.account),
            token_type: 'bearer',
            scope: 'read:user,user:email',
          });
        }
        if (body.client_secret !== clientSecret) return json(200, { error: 'incorrect_client_credentials' });
        const entry = codes.get(body.code ?? '');
        if (!entry) return json(200, { error: 'bad_verification_code' });
        codes.delete(body.code!);
        return json(200, {
          access_token: issueToken(entry.account),
          token_type: 'bearer',
          scope: 'read:user,user:email',
        });
      }
      if (request.method === 'POST' && url.pathname === '/login/device/code') {
        const body = await readBody(request);
        if (body.client_id !== clientId) return json(401, { error: 'unauthorized_client' });
        const deviceCode = randomBytes(12).toString('hex');
        const userCode = `${randomBytes(2).toString('hex').toUpperCase()}-${randomBytes(2).toString('hex').toUpperCase()}`;
        devices.set(deviceCode, { userCode, account: null, denied: false, lastPoll: 0 });
        return json(200, {
          device_code: deviceCode,
          user_code: userCode,
          verification_uri: `${fake.url}/login/device`,
          expires_in: 900,
          interval: options.deviceInterval ?? 1,
        });
      }
      if (url.pathname === '/login/device') {
        if (request.method === 'POST') {
          const body = await readBody(request);
          fake.approveDevice(body.user_code ?? '');
          return html(
            '<main><h1>Congratulations, you\u2019re all set!</h1><p>Your device is now connected.</p></main>',
          );
        }
        return html(
          '<main><h1>Device activation</h1><form method="post"><label>Code <input name="user_code"></label>' +
            '<button type="submit">Continue</button></form></main>',
        );
      }
      if (request.method === 'GET' && url.pathname === '/user') {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        const primary = account.emails.find((entry) => entry.primary);
        return json(200, {
          id: account.id,
          login: account.login,
          name: account.name,
          email: primary?.email ?? null,
        });
      }
      if (request.method === 'GET' && url.pathname === '/user/emails') {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        return json(
          200,
          account.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'public' : null })),
        );
      }
      json(404, { message: 'Not Found' });
    } catch (error) {
      json(500, { message: String(error) });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeGithub = {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    signIn(account) {
      current = account;
    },
    approveDevice(userCode) {
      for (const device of devices.values())
        if (device.userCode === userCode.trim().toUpperCase()) device.account = current;
    },
    denyDevice(userCode) {
      for (const device of devices.values()) if (device.userCode === userCode) device.denied = true;
    },
    authorize({ redirectUri }) {
      return issueCode(redirectUri);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
