import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/pool-size.js';
import { SHARED_COUNT_TIMEOUT_MS } from './plugins/rate-limits.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^(file:|postgres:\/\/|postgresql:\/\/)/.test(value), {
      message: 'must start with file:, postgres:// or postgresql://',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\//.test(value), { message: 'must start with redis:// or rediss://' })
    .optional(),
  REDIS_CHANNEL_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, { message: 'must be 1-64 letters, digits, _ : . or -' })
    .default('agentatlas:'),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('AgentAtlas <no-reply@agentatlas.local>'),
  ADMIN_EMAILS: z.string().default(''),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_APP_SLUG: z.string().optional(),
  GITHUB_WEB_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  SECRET_KEY: z
    .string()
    .min(32, { message: 'must be at least 32 characters (for example: openssl rand -base64 32)' })
    .optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  DEMO_OWNER_PASSWORD: z.string().min(8).optional(),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  RATE_LIMIT_REDIS_TIMEOUT_MS: z.coerce.number().int().min(1).max(10_000).default(SHARED_COUNT_TIMEOUT_MS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  OUTBOUND_ALLOW_PRIVATE: booleanFlag.default(false),
  DNS_SERVERS: z
    .string()
    .regex(/^\s*[^,\s]+:\d{1,5}\s*(,\s*[^,\s]+:\d{1,5}\s*)*$/, {
      message: 'must be a comma-separated list of host:port',
    })
    .optional(),
  PROBE_INTERVAL_S: z.coerce.number().int().min(10).max(86_400).default(900),
  PROBE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  PROBES: z.enum(['on', 'off']).default('on'),
  TRANSPARENCY_INTERVAL_S: z.coerce.number().min(0.05).max(3600).default(5),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL_H: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  CONFORMANCE_NODE: z.string().min(1).optional(),
  MCP_REGISTRY_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .default('https://registry.modelcontextprotocol.io'),
  MCP_ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*[\w.-]+\s*(,\s*[\w.-]+\s*)*$/, {
      message: 'must be a comma-separated list of host names (no scheme, no port)',
    })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly database:
    | { readonly kind: 'sqlite'; readonly file: string }
    /** poolSize: connections each instance keeps at most (DATABASE_POOL_SIZE; 10 when not given). */
    | { readonly kind: 'postgres'; readonly url: string; readonly poolSize?: number };
  readonly redisUrl: string | undefined;
  /** Prefix of the Redis pub/sub channels, so deployments sharing one Redis stay apart. */
  readonly redisChannelPrefix: string;
  readonly publicUrl: string;
  readonly secureCookies: boolean;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly adminEmails: readonly string[];
  readonly github: {
    readonly clientId: string | undefined;
    readonly clientSecret: string | undefined;
    readonly appSlug: string | undefined;
    readonly webUrl: string;
    readonly apiUrl: string;
  };
  /** Encrypts stored GitHub tokens; unset → a key generated once in $DATA_DIR/secret.key. */
  readonly secretKey: string | undefined;
  readonly seed: Env['SEED'];
  /** The demo owner's password, set only when the demo seed runs (none: the account cannot sign in). */
  readonly demoOwnerPassword: string | undefined;
  readonly rateLimitMultiplier: number;
  /** How long Redis may take to count a hit before this instance counts it in its own memory. */
  readonly rateLimitRedisTimeoutMs: number;
  readonly logLevel: Env['LOG_LEVEL'];
  readonly trustProxy: boolean;
  /** Uploaded images decoded at once, and uploads that may wait for that (decision 0012). */
  readonly images: { readonly workers: number; readonly waiting: number };
  /** off computes every catalogue read: for measuring the uncached path (npm run bench). */
  readonly responseCache: boolean;
  /** What the server may reach when it fetches for a user. */
  readonly outbound: {
    /** Tests and local setups only: private addresses, http:// endpoints and host:port claim subjects. */
    readonly allowPrivate: boolean;
    /** host:port resolvers for look-ups; empty means the system's. */
    readonly dnsServers: readonly string[];
  };
  readonly probes: {
    readonly enabled: boolean;
    readonly intervalS: number;
    readonly concurrency: number;
    /** The Node binary that runs the MCP conformance suite (CONFORMANCE_NODE); the suite needs Node 24. */
    readonly conformanceNode: string;
  };
  /** How often the transparency log's writer appends what probes queued (TRANSPARENCY_INTERVAL_S). */
  readonly transparency: { readonly intervalMs: number };
  /** The MCP registry imports and the registry sync read (MCP_REGISTRY_URL). */
  readonly registryUrl: string;
  /**
   * Host names the MCP servers answer besides PUBLIC_URL's and loopback (MCP_ALLOWED_HOSTS), in the
   * Host header and in a browser's Origin: anything else is refused, against DNS rebinding.
   */
  readonly mcpAllowedHosts: readonly string[];
  /** The port of GET /metrics (Prometheus), never the public one; undefined turns metrics off. */
  readonly metricsPort: number | undefined;
  /** Scheduled backups: into dir every intervalH hours, the newest `keep` kept; no dir, none taken. */
  readonly backups: { readonly dir: string | undefined; readonly intervalH: number; readonly keep: number };
  readonly clientDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most process managers.
  const env = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT !== 0 && values.METRICS_PORT === values.PORT) {
    throw new ConfigError([
      'METRICS_PORT: must differ from PORT: the metrics are never served on the public port',
    ]);
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const databaseUrl = values.DATABASE_URL;
  const database: Config['database'] =
    databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)
      ? { kind: 'postgres', url: databaseUrl, poolSize: values.DATABASE_POOL_SIZE }
      : {
          kind: 'sqlite',
          file: databaseUrl
            ? path.resolve(databaseUrl.slice('file:'.length))
            : path.join(dataDir, 'agentatlas.db'),
        };
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database,
    redisUrl: values.REDIS_URL,
    redisChannelPrefix: values.REDIS_CHANNEL_PREFIX,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    adminEmails: values.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    github: {
      clientId: values.GITHUB_CLIENT_ID,
      clientSecret: values.GITHUB_CLIENT_SECRET,
      appSlug: values.GITHUB_APP_SLUG,
      webUrl: values.GITHUB_WEB_URL.replace(/\/+$/, ''),
      apiUrl: values.GITHUB_API_URL.replace(/\/+$/, ''),
    },
    secretKey: values.SECRET_KEY,
    seed: values.SEED,
    demoOwnerPassword: values.DEMO_OWNER_PASSWORD,
    rateLimitMultiplier: values.RATE_LIMIT_MULTIPLIER,
    rateLimitRedisTimeoutMs: values.RATE_LIMIT_REDIS_TIMEOUT_MS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    images: { workers: values.IMAGE_WORKERS, waiting: values.IMAGE_QUEUE },
    responseCache: values.RESPONSE_CACHE === 'on',
    outbound: {
      allowPrivate: values.OUTBOUND_ALLOW_PRIVATE,
      dnsServers: (values.DNS_SERVERS ?? '')
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    },
    probes: {
      enabled: values.PROBES === 'on',
      intervalS: values.PROBE_INTERVAL_S,
      concurrency: values.PROBE_CONCURRENCY,
      conformanceNode: values.CONFORMANCE_NODE ?? process.execPath,
    },
    transparency: { intervalMs: Math.round(values.TRANSPARENCY_INTERVAL_S * 1000) },
    registryUrl: values.MCP_REGISTRY_URL.replace(/\/+$/, ''),
    mcpAllowedHosts: (values.MCP_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    metricsPort: values.METRICS_PORT,
    backups: {
      dir: values.BACKUP_DIR === undefined ? undefined : path.resolve(values.BACKUP_DIR),
      intervalH: values.BACKUP_INTERVAL_H,
      keep: values.BACKUP_KEEP,
    },
    clientDir: path.resolve(import.meta.dirname, '../../dist/client'),
  });
}
