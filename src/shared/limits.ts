/** Constants of the spec (section 9) and the field limits both sides enforce. */

export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const IDLE_CHECK_INTERVAL_MS = 60 * 1000;
export const USER_REFETCH_INTERVAL_MS = 5 * 60 * 1000;
export const HEARTBEAT_MIN_INTERVAL_MS = 30 * 1000;

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_LIMIT = 2;

export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
export const TOAST_SWIPE_THRESHOLD_PX = 45;

export const AUTH_REDIRECT_DELAY_MS = 1500;
export const AUTH_SUCCESS_CALLBACK_DELAY_MS = 100;

export const GITHUB_POPUP = { width: 600, height: 700 } as const;
export const GITHUB_ADDITIONAL_ACCOUNT_WINDOW = { width: 800, height: 800 } as const;
export const GITHUB_POPUP_POLL_MS = 500;

export const PREFETCH_INTERVAL_MS = 5000;
export const PREFETCH_TOP_AGENTS = 3;
export const AGENT_DETAIL_STALE_MS = 10 * 60 * 1000;
export const SIMILAR_AGENTS_LIMIT = 4;
export const SIMILAR_AGENTS_STALE_MS = 5 * 60 * 1000;
export const REVIEWS_PAGE_SIZE = 5;

export const BADGE_MAX = 99;
export const POPOVER_MAX_HEIGHT_PX = 400;
export const FOOTER_CATEGORIES_MAX = 3;
export const HEADER_HIDE_THRESHOLD_PX = 5;
export const HEADER_AT_TOP_PX = 10;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;
export const SKELETON_SHIMMER_MS = 1500;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const DATE_FORMAT = 'MMM d, yyyy';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const LOGIN_PASSWORD_MIN_LENGTH = 1;
export const EMAIL_MAX_LENGTH = 254;

export const AGENTS_PAGE_SIZE_DEFAULT = 20;
export const AGENTS_PAGE_SIZE_MAX = 100;
export const PAGE_MAX = 10_000;
export const SEARCH_QUERY_MAX_LENGTH = 200;

export const AGENT_NAME_MAX = 80;
export const AGENT_TAGLINE_MAX = 160;
export const AGENT_DESCRIPTION_MAX = 20_000;
export const AGENT_TAGS_MAX = 10;
export const AGENT_TAG_MAX = 32;

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 5000;

/** Request bodies larger than this are refused with 413 before they are parsed. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export const AGENT_NAME_MIN = 2;
export const AGENT_TAGLINE_MIN = 10;
export const AGENT_DESCRIPTION_MIN = 30;
export const URL_MAX = 2048;
export const LICENSE_MAX = 100;

/** Drafts are saved this long after the owner stops typing (and at once on a step change). */
export const DRAFT_AUTOSAVE_DEBOUNCE_MS = 1000;
export const DRAFTS_MAX_PER_USER = 50;
export const REJECTION_REASON_MIN = 10;
export const REJECTION_REASON_MAX = 1000;

export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 300;

/** Logo uploads: checked by content, re-encoded to WebP within LOGO_OUTPUT_SIZE px, metadata stripped. */
export const UPLOAD_MAX_BYTES = 1024 * 1024;
export const UPLOAD_MAX_DIMENSION_PX = 4096;
export const LOGO_OUTPUT_SIZE_PX = 512;
export const UPLOAD_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Files no agent, draft or revision uses are removed by the admin clean-up once older than this. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The largest row id: ids are 32-bit integers on PostgreSQL, so a larger one in a path or a body is
 * refused with 400 instead of failing the query (SQLite would take it, PostgreSQL answers an error).
 */
export const ROW_ID_MAX = 2_147_483_647;
