/**
 * Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against an endpoint, as
 * a child process of a Node binary of its own: the suite needs Node 24, the app may run on an older
 * one. The run is bounded in time (the process group is killed after the cap), writes its results to
 * a temporary directory that is always removed, and answers them in the health shape.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  conformanceCheckSchema,
  type Conformance,
  type ConformanceCheck,
} from '../../../shared/api/probes.js';
import {
  OutboundRefusal,
  createGuardedResolver,
  endpointAddressProblem,
  isDemoEndpoint,
  type OutboundPolicy,
} from '../../lib/outbound-fetch.js';
import { startPinnedProxy, type PinnedTarget } from '../../lib/pinned-proxy.js';

/**
 * The suite's server scenarios that apply to any remote tools server. Left out: the scenarios that
 * need the suite's fixtures on the server (tools-call-*, resources-*, prompts-*, completion-complete,
 * logging-set-level, the elicitation and SSE ones: each calls a tool, resource or prompt of a name
 * only a test server has), and dns-rebinding-protection, which checks that a server accepts a Host
 * of localhost: right for a server on one's own machine, wrongly failed by a remote virtual host.
 */
export const CONFORMANCE_SCENARIOS = ['server-initialize', 'ping', 'tools-list'] as const;
/** The latest spec revision those scenarios are run for by the suite (they cover 2025-06-18 too). */
export const CONFORMANCE_SPEC_VERSION = '2025-11-25';
/** The whole run, every scenario included; the process group is killed after it. */
export const CONFORMANCE_TIMEOUT_MS = 120_000;
/** The oldest Node the suite runs on. */
export const CONFORMANCE_NODE_MAJOR = 24;

const require = createRequire(import.meta.url);
const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');

/** "<package>@<version>" of the installed suite, read from its package.json. */
export const conformanceSuite: string = (() => {
  const manifest = z
    .object({ name: z.string(), version: z.string() })
    .parse(JSON.parse(fs.readFileSync(path.join(path.dirname(cli), '..', 'package.json'), 'utf8')));
  return `${manifest.name}@${manifest.version}`;
})();

/** The conformance suite cannot run here (its Node is too old or missing): a sentence for an admin. */
export class ConformanceUnavailable extends Error {
  override name = 'ConformanceUnavailable';
}

export interface ConformanceRunner {
  /** null when the suite can run, else why not. */
  unavailable(): Promise<string | null>;
  /**
   * Runs the suite against `url`; throws OutboundRefusal for an address the guard refuses, then
   * ConformanceUnavailable when the suite cannot run here.
   */
  run(url: string, options?: { signal?: AbortSignal; now?: () => Date }): Promise<Conformance>;
}

/**
 * Refuses an address the outbound guard would refuse (the child process connects on its own, so the
 * address is checked here first): other schemes, http://, credentials, loopback and private
 * addresses, and names resolving to them, unless private addresses are allowed or it is the app's
 * own demo server. Answers where the child must connect for an https:// name: the host, its port
 * and the address resolved and checked here, once (null for a literal address, http:// and the
 * demo server, where no later look-up can answer differently).
 */
export async function checkConformanceTarget(
  url: string,
  policy: OutboundPolicy,
): Promise<PinnedTarget | null> {
  const parsed = new URL(url);
  const problem = endpointAddressProblem(url, policy);
  if (problem) throw new OutboundRefusal(`The MCP server's address ${problem}`);
  if (isDemoEndpoint(parsed, policy)) return null;
  const hostname = parsed.hostname.replace(/^\[|\]$/g, '');
  if (parsed.protocol !== 'https:' || net.isIP(hostname) !== 0) return null;
  const [checked] = await createGuardedResolver(policy).resolvePublic(hostname);
  if (!checked) throw new OutboundRefusal(`${hostname} does not resolve`);
  return { hostname, port: Number(parsed.port || 443), address: checked.address };
}

/** What `node --version` answers, or null when it does not run. */
function nodeVersion(node: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(node, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? out.trim() : null));
  });
}

/**
 * Runs one scenario; resolves when the process ends or is killed at `deadline`. `env` adds to the
 * child's few variables (the pinned proxy, a CA file).
 */
function runScenario(
  node: string,
  url: string,
  scenario: string,
  outputDir: string,
  deadline: number,
  signal: AbortSignal | undefined,
  env: Record<string, string>,
): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(node, [cli, 'server', '--url', url, '--scenario', scenario, '-o', outputDir], {
      // Its own process group, so the kill reaches whatever it started; none of the app's secrets.
      detached: true,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
      stdio: 'ignore',
    });
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(kill, Math.max(0, deadline - Date.now()));
    signal?.addEventListener('abort', kill);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      resolve();
    };
    child.on('error', done);
    child.on('close', done);
  });
}

/** The checks a scenario wrote (server-<scenario>-<timestamp>/checks.json), or null without any. */
function readChecks(outputDir: string, scenario: string): ConformanceCheck[] | null {
  const entry = fs.readdirSync(outputDir).find((name) => name.startsWith(`server-${scenario}-`));
  const file = entry && path.join(outputDir, entry, 'checks.json');
  if (!file || !fs.existsSync(file)) return null;
  try {
    const parsed = z.array(conformanceCheckSchema).safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.map(({ id, status }) => ({ id, status })) : null;
  } catch {
    return null;
  }
}

export function createConformanceRunner(options: {
  node: string;
  policy: OutboundPolicy;
  timeoutMs?: number;
  /** Certificates the suite trusts besides Node's own (NODE_EXTRA_CA_CERTS): a private CA. */
  extraCaFile?: string;
}): ConformanceRunner {
  let availability: Promise<string | null> | undefined;
  const unavailable = () =>
    (availability ??= nodeVersion(options.node).then((version) => {
      if (version === null) return `The conformance suite is unavailable: ${options.node} does not run.`;
      const major = Number(/^v(\d+)\./.exec(version)?.[1]);
      return major >= CONFORMANCE_NODE_MAJOR
        ? null
        : `The conformance suite is unavailable: it needs Node ${CONFORMANCE_NODE_MAJOR} or later, and CONFORMANCE_NODE runs ${version}.`;
    }));

  return {
    unavailable,
    async run(url, { signal, now = () => new Date() } = {}) {
      // Checked right before the run; the child then reaches the checked address only, through a
      // local proxy that tunnels to it (Node's NODE_USE_ENV_PROXY), whatever the name resolves to later.
      const pinned = await checkConformanceTarget(url, options.policy);
      const reason = await unavailable();
      if (reason) throw new ConformanceUnavailable(reason);
      const proxy = pinned ? await startPinnedProxy(pinned) : null;
      const env: Record<string, string> = {
        ...(proxy ? { NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: proxy.url } : {}),
        ...(options.extraCaFile ? { NODE_EXTRA_CA_CERTS: options.extraCaFile } : {}),
      };
      const ranAt = now().toISOString();
      const deadline = Date.now() + (options.timeoutMs ?? CONFORMANCE_TIMEOUT_MS);
      const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-conformance-'));
      const checks: ConformanceCheck[] = [];
      try {
        // One scenario at a time: a run is a background chore, and the machine serves requests.
        for (const scenario of CONFORMANCE_SCENARIOS) {
          if (Date.now() < deadline && !signal?.aborted)
            await runScenario(options.node, url, scenario, outputDir, deadline, signal, env);
          // A scenario that wrote nothing (killed at the cap, or crashed) counts as one failed check.
          checks.push(...(readChecks(outputDir, scenario) ?? [{ id: scenario, status: 'FAILURE' }]));
        }
      } finally {
        fs.rmSync(outputDir, { recursive: true, force: true });
        await proxy?.close();
      }
      return {
        suite: conformanceSuite,
        ranAt,
        specVersion: CONFORMANCE_SPEC_VERSION,
        passed: checks.filter((check) => check.status === 'SUCCESS').length,
        failed: checks.filter((check) => check.status === 'FAILURE').length,
        checks,
      };
    },
  };
}
