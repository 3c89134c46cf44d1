import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AgentEventKind } from '../../shared/api/submissions.js';
import type { DeliveryStatus, WebhookStatus } from '../../shared/api/webhooks.js';
import type {
  EndpointKind,
  EndpointStatus,
  ProbeStatus,
  ClaimMethod,
  ClaimStatus,
  AppealStatus,
} from '../../shared/trust.js';

/**
 * Table types shared by SQLite and PostgreSQL. Times are ISO-8601 UTC text and flags are 0/1 integers
 * in both engines, so rows read the same whichever database is behind them (docs/decisions/0002).
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  company_name: string | null;
  company_website: string | null;
  organization_type: 'individual' | 'enterprise';
  user_type: string;
  role: 'user' | 'admin';
  email_verified: number;
  is_anonymous: number;
  github_id: string | null;
  github_login: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the person deleted the account: the row stays so their reviews remain, anonymous. */
  deleted_at: string | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  last_active_at: string;
  expires_at: string;
  user_agent: string | null;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: 'verify_email' | 'reset_password';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OauthStatesTable {
  state_hash: string;
  kind: 'github_signin' | 'github_device' | 'github_connect';
  payload: string;
  user_id: number | null;
  expires_at: string;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  icon: string;
  position: number;
  agent_count: number;
  created_at: string;
}

export interface AgentsTable {
  id: Generated<number>;
  slug: string;
  owner_id: number | null;
  category_id: number;
  name: string;
  tagline: string;
  description: string;
  tags: string;
  website_url: string | null;
  repo_url: string | null;
  docs_url: string | null;
  /** The agent's remote MCP server (Streamable HTTP) and A2A agent card, probed once published. */
  mcp_url: string | null;
  agent_card_url: string | null;
  pricing: 'free' | 'freemium' | 'paid' | 'open-source' | 'enterprise';
  logo_url: string | null;
  status: 'pending' | 'published' | 'rejected';
  verified: number;
  featured: number;
  rating_count: number;
  rating_sum: number;
  rating_1: number;
  rating_2: number;
  rating_3: number;
  rating_4: number;
  rating_5: number;
  rating_average: number;
  weighted_rating_sum: number;
  weight_total: number;
  reputation_score: number;
  favorites_count: number;
  views_count: number;
  trending_score: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** owner/name in lower case, when the listing names a GitHub repository: duplicates are refused by it. */
  github_repo: string | null;
  license: string | null;
  github_stars: number | null;
  rejection_reason: string | null;
  submitted_at: string | null;
  logo_file_id: number | null;
}

export interface ReviewsTable {
  id: Generated<number>;
  agent_id: number;
  user_id: number;
  rating: number;
  title: string | null;
  body: string;
  weight: number;
  helpful_count: number;
  owner_reply: string | null;
  owner_reply_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  agent_id: number;
  tags: string;
  notes: string | null;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: 'report' | 'review' | 'favorite' | 'system' | 'other';
  title: string;
  message: string;
  link: string | null;
  read: number;
  created_at: string;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  created_at: string;
}

export interface AgentActivityTable {
  agent_id: number;
  day: string;
  views: number;
  favorites: number;
}

export interface AgentViewsTable {
  agent_id: number;
  visitor_hash: string;
  day: string;
}

/** Owners' figures: one row per agent, day (YYYY-MM-DD) and metric (views, visitors, clicks_<target>, rank). */
export interface AgentMetricsDailyTable {
  agent_id: number;
  day: string;
  metric: string;
  value: number;
}

/** Searches whose first page showed the agent, per normalized term and day. */
export interface AgentSearchTermsDailyTable {
  agent_id: number;
  day: string;
  term: string;
  impressions: number;
  clicks: number;
}

/** Today's outbound clicks per visitor hash, to count each once per visitor, agent, target and day. */
export interface AgentClickVisitorsTable {
  agent_id: number;
  visitor_hash: string;
  target: string;
  day: string;
}

export interface SiteStatsTable {
  id: number;
  rating_count: number;
  rating_sum: number;
  /** The site mean m that reputation scores are computed with; refreshed by a daily recompute. */
  mean_snapshot: number;
}

export interface ReviewVotesTable {
  review_id: number;
  user_id: number;
  created_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  agent_id: number;
  review_id: number | null;
  reason: string;
  details: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
}

export interface FilesTable {
  id: Generated<number>;
  owner_id: number | null;
  storage_key: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  original_name: string | null;
  created_at: string;
}

/** A submission in progress: the draft fields as JSON (src/shared/api/submissions.ts). */
export interface DraftsTable {
  id: Generated<number>;
  user_id: number;
  data: string;
  /** Copied out of data so the storage clean-up can see which files drafts still use. */
  logo_file_id: number | null;
  created_at: string;
  updated_at: string;
}

/** An owner's edit of a published listing, waiting for review while the live listing stays. */
export interface AgentRevisionsTable {
  id: Generated<number>;
  agent_id: number;
  author_id: number | null;
  /** The full proposed fields as JSON (AgentFields). */
  data: string;
  logo_file_id: number | null;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
}

export interface AgentEventsTable {
  id: Generated<number>;
  agent_id: number;
  actor_id: number | null;
  actor: 'owner' | 'admin' | 'system';
  kind: AgentEventKind;
  message: string | null;
  created_at: string;
}

/** A user's GitHub connection for submissions; tokens are encrypted (src/server/lib/secret-box.ts). */
export interface GithubConnectionsTable {
  user_id: number;
  github_user_id: string;
  login: string;
  access_token_enc: string;
  refresh_token_enc: string | null;
  token_expires_at: string | null;
  scope: string;
  created_at: string;
  updated_at: string;
}

/** Agents whose searchable columns changed, noted by triggers (migration 0006); read by the search index. */
export interface AgentSearchChangesTable {
  seq: Generated<number>;
  agent_id: number;
}

/** A published agent's endpoint with its latest probe and the lease of the instance probing it. */
export interface AgentEndpointsTable {
  id: Generated<number>;
  agent_id: number;
  kind: EndpointKind;
  url: string;
  status: EndpointStatus;
  checked_at: string | null;
  latency_ms: number | null;
  /** What the last probe found wrong, in a sentence (null when up). */
  detail: string | null;
  /**
   * The tools (MCP) or skills (A2A) as JSON ToolDefinition[] (since 0014: whole, hashed, with
   * findings; rows written before hold [{ name, description }]).
   */
  tools: string;
  /** Since 0014: the tool set's hash (null before a probe read tools). */
  tool_set_hash: string | null;
  /** MCP, since 0014: the server's instructions, and JSON of its prompts and resource templates (null: not offered). */
  instructions: string | null;
  prompts: string | null;
  resource_templates: string | null;
  /** JSON ToolFinding[] about the tool list as a whole (its size, the caps). */
  tool_set_findings: Generated<string>;
  /** The highest severity of any finding: 'none' | 'info' | 'warning' | 'danger' (null before tools were read). */
  max_risk_severity: string | null;
  /** When this endpoint's pins were last refreshed (at most hourly while the tool set stays). */
  pins_seen_at: string | null;
  /** For an A2A card: 1 when its JWS signatures verified, 0 when they did not, null without any. */
  signed: number | null;
  /** MCP: the last probe's protocol revisions as JSON: [{ version, supported, checkedAt, detail }]. */
  protocols: Generated<string>;
  /** MCP: JSON { resourceMetadata, authorizationServers } of a server asking for credentials, or null. */
  auth: string | null;
  /** For an A2A card probed since 0012: its CardSignature as JSON (null: none, or probed before). */
  signature: string | null;
  /** MCP: JSON of the last conformance suite run ({ suite, ranAt, specVersion, passed, failed, checks }). */
  conformance: string | null;
  /** MCP: when the conformance suite was last tried (also when the address was refused): the weekly due date. */
  conformance_at: string | null;
  /** MCP: until when a conformance run holds the endpoint (one run at a time per endpoint). */
  conformance_lease_until: string | null;
  consecutive_failures: number;
  next_probe_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
}

/** Evidence that the owner controls the agent's domain or repository, checked again daily. */
export interface OwnershipClaimsTable {
  id: Generated<number>;
  agent_id: number;
  method: ClaimMethod;
  subject: string;
  token: string;
  status: Generated<ClaimStatus>;
  verified_at: string | null;
  checked_at: string | null;
  /** When an active claim is next checked; null while pending or lapsed (the owner checks those). */
  next_check_at: string | null;
  consecutive_failures: Generated<number>;
  /** What the last check found, in a sentence. */
  detail: string | null;
  /** Held by the instance re-checking the claim, so two instances never check it at once. */
  lease_until: string | null;
  /** The claim_lapsed event of its last lapse: what an appeal of that lapse names. */
  lapse_event_id: number | null;
  /** The last failed check that counted towards a lapse: one counts per daily spacing at most. */
  last_failure_at: string | null;
  /** Since when the checks could not be made on our side (resolver, network, GitHub); null once one could. */
  unchecked_since: string | null;
  created_at: string;
}

/** An owner's request that an admin reconsider a rejection or a lapse (one per decision: event_id). */
export interface AppealsTable {
  id: Generated<number>;
  agent_id: number;
  user_id: number;
  event_id: number;
  message: string;
  status: Generated<AppealStatus>;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
  created_at: string;
}

export interface ProbeResultsTable {
  id: Generated<number>;
  endpoint_id: number;
  checked_at: string;
  status: ProbeStatus;
  latency_ms: number | null;
}

/** Tools or skills an endpoint gained or lost between two probes, as JSON lists of names. */
export interface EndpointChangesTable {
  id: Generated<number>;
  endpoint_id: number;
  changed_at: string;
  /** JSON names; rows since 0014 hold the same, derived from `items`. */
  added: string;
  removed: string;
  /** Since 0014: the tool set hashes after and before, JSON ToolChangeItem[], and the log leaf's hash. */
  tool_set_hash: string | null;
  previous_tool_set_hash: string | null;
  items: string | null;
  leaf_hash: string | null;
}

/** A tool or tool set hash an endpoint served: what GET /api/tool-hashes/{hash} answers. */
export interface ToolHashPinsTable {
  id: Generated<number>;
  hash: string;
  kind: 'tool' | 'toolset';
  agent_id: number;
  url: string;
  first_seen_at: string;
  /** Refreshed at most hourly while the endpoint keeps serving it. */
  last_seen_at: string;
  /** 1 while the endpoint served it at its last probe that read tools. */
  served_now: Generated<number>;
}

/** An owner's webhook subscription. */
/** What a listing was imported from. */
export interface AgentSourcesTable {
  agent_id: number;
  source: 'mcp-registry' | 'server-json' | 'agent-card';
  source_url: string | null;
  registry_name: string | null;
  version: string | null;
  fetched_at: string;
  queued_version: string | null;
}

/** The registry sync's one row (id 1). */
export interface RegistrySyncTable {
  id: number;
  enabled: number;
  updated_since: string | null;
  cursor: string | null;
  last_run_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  /** JSON: what the last run did (RegistrySyncCounts). */
  last_counts: string | null;
  lease_until: string | null;
}

export interface ImportCandidatesTable {
  id: Generated<number>;
  registry_name: string;
  version: string;
  title: string;
  description: string;
  data: string;
  status: 'new' | 'dismissed' | 'drafted';
  registry_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  /** Only this agent's events; null for all of the owner's agents. */
  agent_id: number | null;
  url: string;
  /** JSON array of event names. */
  events: string;
  /** The signing secret ("whsec_…"), sealed with the server's key (lib/secret-box.ts). */
  secret: string;
  status: Generated<WebhookStatus>;
  disabled_reason: string | null;
  /** Since when every attempt has failed; null after a success. */
  failing_since: string | null;
  created_at: string;
}

/** One message to one webhook: attempted until delivered or its retry window ends. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  /** The webhook-id header: the same on every attempt and when sent again. */
  message_id: string;
  event: string;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  status: Generated<DeliveryStatus>;
  /** When the next attempt is due; null once delivered or given up. */
  next_attempt_at: string | null;
  /** Held by the instance sending it, so two instances never send it at once. */
  lease_until: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** A signing key (JWS): the newest generation signs; older ones stay in the JWKS until not_after. */
export interface SigningKeysTable {
  /** The RFC 7638 thumbprint of the public key. */
  kid: string;
  generation: number;
  algorithm: 'ES256' | 'EdDSA';
  /** JSON of the public JWK as the JWKS serves it. */
  public_jwk: string;
  /** JSON of the private JWK, sealed with the server's key (lib/secret-box.ts). */
  private_jwk_sealed: string;
  created_at: string;
  /** When a newer key took over signing; null while this one signs. */
  retired_at: string | null;
  /** When the key leaves the JWKS; null while it signs. */
  not_after: string | null;
}

/** An observation waiting for the log writer (written in the probe's transaction). */
export interface TransparencyQueueTable {
  id: Generated<number>;
  /** RFC 8785 canonical JSON of the observation. */
  leaf: string;
  /** RFC 9162 leaf hash, lowercase hex. */
  leaf_hash: string;
  enqueued_at: string;
}

/** A leaf of the transparency log, append-only. */
export interface TransparencyLeavesTable {
  idx: number;
  leaf: string;
  leaf_hash: string;
  appended_at: string;
}

/** The hash of the complete subtree of 2^level leaves starting at leaf idx·2^level (level ≥ 1). */
export interface TransparencyNodesTable {
  level: number;
  idx: number;
  hash: string;
}

/** A signed tree head: compact JWS over {treeSize, rootHash, timestamp}. */
export interface TransparencyTreeHeadsTable {
  id: Generated<number>;
  tree_size: number;
  root_hash: string;
  timestamp: string;
  kid: string;
  jws: string;
}

/** The one row of the log writer's lease. */
export interface TransparencyWriterTable {
  id: number;
  lease_owner: string | null;
  lease_until: string | null;
}

/** A statement AgentAtlas signed about an agent; its id is its place in the revocation status list. */
export interface AgentStatementsTable {
  id: Generated<number>;
  agent_id: number;
  /** RFC 8785 JSON of the claims it vouched for. */
  claims: string;
  /** The compact JWS, written once signed (null only inside the transaction that issues it). */
  jws: string | null;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

/** An advisory about listed agents; `osv_id` is AGENTATLAS-<year>-<seq>. */
export interface AdvisoriesTable {
  id: Generated<number>;
  osv_id: string;
  year: number;
  seq: number;
  summary: string;
  details: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  published_at: string;
  modified_at: string;
  withdrawn_at: string | null;
  created_by: number | null;
}

/** An agent an advisory names, limited to these versions and tool set hashes (JSON arrays; [] for all). */
export interface AdvisoryAffectedTable {
  advisory_id: number;
  agent_id: number;
  versions: string;
  tool_set_hashes: string;
}

/** An organisation's policy view: rules over evidence, served as a registry of its own. */
export interface PolicyViewsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  owner_id: number;
  /** JSON PolicyRules. */
  rules: string;
  approval: 'automatic' | 'manual';
  created_at: string;
  updated_at: string;
  evaluated_at: string | null;
  lease_until: string | null;
}

/** A server a view admits, or holds in its queue until its owner approves it. */
export interface PolicyMembersTable {
  view_id: number;
  agent_id: number;
  state: 'admitted' | 'queued';
  /** The tool set hash admitted with it (what pinToolSets holds it to). */
  pinned_hash: string | null;
  /** The tool set hash waiting for approval. */
  queued_hash: string | null;
  reason: string | null;
  since: string;
}

export interface PolicyChangelogTable {
  id: Generated<number>;
  view_id: number;
  at: string;
  server_name: string;
  action: 'added' | 'dropped' | 'approved' | 'pinned';
  reason: string;
  jws: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  oauth_states: OauthStatesTable;
  categories: CategoriesTable;
  agents: AgentsTable;
  reviews: ReviewsTable;
  favorites: FavoritesTable;
  notifications: NotificationsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  agent_activity: AgentActivityTable;
  agent_views: AgentViewsTable;
  site_stats: SiteStatsTable;
  review_votes: ReviewVotesTable;
  reports: ReportsTable;
  files: FilesTable;
  drafts: DraftsTable;
  agent_revisions: AgentRevisionsTable;
  agent_events: AgentEventsTable;
  github_connections: GithubConnectionsTable;
  agent_metrics_daily: AgentMetricsDailyTable;
  agent_search_terms_daily: AgentSearchTermsDailyTable;
  agent_click_visitors: AgentClickVisitorsTable;
  agent_search_changes: AgentSearchChangesTable;
  agent_endpoints: AgentEndpointsTable;
  probe_results: ProbeResultsTable;
  endpoint_changes: EndpointChangesTable;
  tool_hash_pins: ToolHashPinsTable;
  ownership_claims: OwnershipClaimsTable;
  appeals: AppealsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  agent_sources: AgentSourcesTable;
  registry_sync: RegistrySyncTable;
  import_candidates: ImportCandidatesTable;
  signing_keys: SigningKeysTable;
  transparency_queue: TransparencyQueueTable;
  transparency_leaves: TransparencyLeavesTable;
  transparency_nodes: TransparencyNodesTable;
  transparency_tree_heads: TransparencyTreeHeadsTable;
  transparency_writer: TransparencyWriterTable;
  agent_statements: AgentStatementsTable;
  advisories: AdvisoriesTable;
  advisory_affected: AdvisoryAffectedTable;
  policy_views: PolicyViewsTable;
  policy_members: PolicyMembersTable;
  policy_changelog: PolicyChangelogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AgentRow = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type FileRow = Selectable<FilesTable>;
export type DraftRow = Selectable<DraftsTable>;
export type AgentRevisionRow = Selectable<AgentRevisionsTable>;
export type AgentEndpointRow = Selectable<AgentEndpointsTable>;
export type ClaimRow = Selectable<OwnershipClaimsTable>;
export type AppealRow = Selectable<AppealsTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
