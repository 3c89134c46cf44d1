import type { ErrorDetails } from '../../shared/api/errors.js';
import { takePreloaded } from './preloaded-data.js';
import { classifyStatus, type ErrorCategory } from '../../shared/rules/error-classification.js';

/** Spec section 3 "Error object": message, type, status, details. */
export class ApiError extends Error {
  readonly type: ErrorCategory;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  /** Whether the error body was JSON (some messages differ when it was not, spec section 8). */
  readonly isJson: boolean;
  /** The body's own `message` field, when it had one (the message above may be a fallback). */
  readonly serverMessage: string | undefined;
  /** The body's `error` field, when it had one: what some servers and proxies put their reason in. */
  readonly serverError: string | undefined;

  constructor(options: {
    message: string;
    status: number;
    details?: ErrorDetails | undefined;
    isJson?: boolean;
    serverMessage?: string | undefined;
    serverError?: string | undefined;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.type = classifyStatus(options.status);
    this.details = options.details;
    this.isJson = options.isJson ?? false;
    this.serverMessage = options.serverMessage;
    this.serverError = options.serverError;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What checks an answer: a zod schema fits (`parse` returns the value, or throws on a wrong shape). */
export interface ResponseSchema<T> {
  parse(value: unknown): T;
}

/**
 * A response schema, or a function that loads one. Pass the loader form from anything the first page
 * loads: it keeps zod out of the first page's scripts, and the schema loads while the request is under way.
 */
export type ResponseSchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with a JSON content type. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Checks the answer before anyone reads it; a wrong shape throws a ResponseShapeError. Answers the server
   * embedded in the page are not checked: they come from the same build as the page's scripts.
   */
  schema?: ResponseSchemaSource<T>;
}

/** The server answered, but not in the shape the client expects (e.g. a client older than the server). */
export class ResponseShapeError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly problems: string,
  ) {
    super(`Unexpected answer from ${method} ${path}: ${problems}`);
    this.name = 'ResponseShapeError';
  }
}

/** "viewer.isOwner: Invalid input: expected boolean, received string; …" from a zod error, else its message. */
function describeShapeProblems(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'issues' in error && Array.isArray(error.issues)) {
    const issues = (error.issues as { path?: unknown[]; message?: unknown }[]).slice(0, 3);
    return issues
      .map((issue) => {
        const path = Array.isArray(issue.path) && issue.path.length > 0 ? issue.path.join('.') : 'answer';
        return `${path}: ${String(issue.message)}`;
      })
      .join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A schema that fails to load (a chunk gone after a deploy, a flaky network) leaves the answer unchecked,
 * as every answer was before: the check guards against wrong shapes, it must not break working calls.
 */
function loadSchema<T>(source: ResponseSchemaSource<T>): Promise<ResponseSchema<T> | null> {
  if (typeof source !== 'function') return Promise.resolve(source);
  return source().catch(() => null);
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('application/json');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readDetails(value: unknown): ErrorDetails | undefined {
  if (!isRecord(value)) return undefined;
  const details: ErrorDetails = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) details[field] = messages.map(String);
    else if (typeof messages === 'string') details[field] = [messages];
  }
  return details;
}

function readString(body: unknown, field: string): string | undefined {
  if (!isRecord(body)) return undefined;
  const value = body[field];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Spec section 8: the message comes from the JSON field `message`, falling back to the status text;
 * a body that is not JSON gives its plain text (a proxy's "Too many requests"), then the status text.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  if (isJson(response)) {
    const body: unknown = await response.json().catch(() => null);
    const message = readString(body, 'message');
    return new ApiError({
      message: message ?? fallback,
      status: response.status,
      details: isRecord(body) ? readDetails(body.details) : undefined,
      isJson: body !== null,
      serverMessage: message,
      serverError: readString(body, 'error'),
    });
  }
  const text = await response.text().catch(() => '');
  return new ApiError({ message: text.trim() || fallback, status: response.status });
}

/**
 * Spec section 7: every call includes cookies; GET by default; a body is sent as JSON; extra headers merge;
 * failed responses throw an ApiError; JSON responses are parsed, anything else resolves to the raw Response.
 */
export async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, headers, signal, schema } = options;
  if (method === 'GET') {
    const preloaded = takePreloaded(path);
    if (preloaded.found) {
      if (preloaded.error) throw new ApiError(preloaded.error);
      return preloaded.value as T;
    }
  }
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  const checker = schema ? loadSchema(schema) : null;
  const response = await fetch(path, init);
  if (!response.ok) throw await toApiError(response);
  if (!checker) {
    if (isJson(response)) return (await response.json()) as T;
    return response as unknown as T;
  }
  if (!isJson(response)) throw new ResponseShapeError(method, path, 'expected a JSON answer');
  const value: unknown = await response.json();
  const check = await checker;
  if (!check) return value as T;
  try {
    return check.parse(value);
  } catch (error) {
    throw new ResponseShapeError(method, path, describeShapeProblems(error));
  }
}

/** Builds `path?key=value` from defined, non-empty values. */
export function withQuery(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
