import type { FastifyBaseLogger } from 'fastify';
import { REGISTRY_SYNC_INTERVAL_MS, type RegistrySyncCounts } from '../../../shared/api/imports.js';
import { runRegistrySync, type RegistrySyncDeps } from './registry-sync.service.js';

const LEASE_MS = 15 * 60 * 1000;

/**
 * Runs the registry sync when an admin turned it on, once every REGISTRY_SYNC_INTERVAL_MS, and when an
 * admin asks for a run now. A run holds a lease in the database, so of several instances one runs.
 */
export class RegistrySync {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<RegistrySyncCounts | null> | null = null;

  constructor(
    private readonly deps: RegistrySyncDeps,
    private readonly options: {
      log: Pick<FastifyBaseLogger, 'error'>;
      /** How often it looks whether a run is due. */
      checkMs?: number;
      /** The pause between two page requests (politeness towards the registry). */
      pageGapMs?: number;
    },
  ) {}

  get running(): boolean {
    return this.current !== null;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.runIfDue();
    }, this.options.checkMs ?? 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  private async runIfDue(): Promise<void> {
    if (this.current) return;
    try {
      const state = await this.deps.imports.findSyncState();
      const due =
        state.enabled === 1 &&
        (!state.last_run_at || Date.now() - Date.parse(state.last_run_at) >= REGISTRY_SYNC_INTERVAL_MS);
      if (due) await this.runNow({ onlyIfEnabled: true });
    } catch (error) {
      this.options.log.error({ err: error }, 'registry sync check failed');
    }
  }

  /**
   * Starts a run unless one is under way here or on another instance (null then); resolves with what
   * it did. An admin's "Sync now" runs even while the periodic sync is off.
   */
  runNow(options: { onlyIfEnabled?: boolean; now?: Date } = {}): Promise<RegistrySyncCounts | null> {
    if (this.current) return this.current;
    const run = (async () => {
      const now = Date.now();
      const leased = await this.deps.imports.takeSyncLease({
        now: new Date(now).toISOString(),
        leaseUntil: new Date(now + LEASE_MS).toISOString(),
        onlyIfEnabled: options.onlyIfEnabled ?? false,
      });
      if (!leased) return null;
      try {
        return await runRegistrySync(this.deps, {
          pageGapMs: this.options.pageGapMs ?? 1000,
          ...(options.now ? { now: options.now } : {}),
        });
      } finally {
        await this.deps.imports.updateSyncState({ lease_until: null });
      }
    })();
    this.current = run.finally(() => {
      this.current = null;
    });
    this.current.catch((error: unknown) => this.options.log.error({ err: error }, 'registry sync failed'));
    return this.current;
  }
}
