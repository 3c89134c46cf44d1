import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorDetails } from '../../shared/api/errors.js';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import { AppError } from '../errors.js';
import { validationDetails, type ValidationIssue } from './validation-details.js';

/** Fastify's form of a zod issue (`instancePath` "/tags/2", the code as `keyword`) back to a zod issue. */
function issuesOf(
  validation: Array<{ instancePath: string; message?: string; keyword?: string; params?: object }>,
): ValidationIssue[] {
  return validation.map((issue) => {
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    return {
      path: issue.instancePath.split('/').filter((segment) => segment !== ''),
      message: issue.message ?? 'is invalid',
      ...(issue.keyword ? { code: issue.keyword } : {}),
      ...(Array.isArray(keys) ? { keys: keys.map(String) } : {}),
    };
  });
}

function describe(details: ErrorDetails): string {
  const [field, messages] = Object.entries(details)[0] ?? [];
  if (!field || !messages?.[0]) return 'The request is invalid.';
  const message = messages[0];
  // Our schemas word their own messages for people; zod's generic ones need the field to make sense.
  const generic = /^(Invalid|Too small|Too big|Unrecognized|Unknown field|Expected)/.test(message);
  return generic ? `${field}: ${message}` : message;
}

/** Seconds a client is asked to wait before retrying a call the database outage refused. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The one place where errors become HTTP answers: `{message, details?}` with the status of spec section 8. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // The one place a database outage becomes an answer: 503 with Retry-After, never 500
    // (docs/decisions/0011-outages-degrade.md).
    const outage = isDatabaseUnavailable(thrown);
    let error = thrown;
    if (outage) {
      error = new AppError(
        'unavailable',
        'The service is briefly unavailable. Please try again in a moment.',
        undefined,
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = { message: error.message, ...(error.details ? { details: error.details } : {}) };
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const details = validationDetails(issuesOf(error.validation), error.validationContext || 'request');
      body = { message: describe(details), details };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      body = { message: 'The request body is too large.' };
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      status = 400;
      body = { message: 'The request body is not valid JSON.' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message };
    } else {
      status = 500;
      body = { message: 'Something went wrong on our side. Please try again.' };
    }
    // One line without a stack per refused request: an outage is not a bug to trace.
    if (outage)
      request.log.warn({ err: { message: thrown.message, code: thrown.code } }, 'database unavailable');
    // A 503 we raise on purpose (GitHub not configured or unreachable) is an expected answer, not a
    // defect: a warning with its message, without the stack that would read like a crash.
    else if (error instanceof AppError && status === 503)
      request.log.warn({ status, code: error.code, message: body.message }, 'request unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * What Fastify answers itself before any route runs (a path that is not valid percent-encoding,
 * FST_ERR_BAD_URL), in the same `{message}` shape; its own body would add error, code and statusCode.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL' ? 'The address of the request is not valid.' : error.message;
  const body: ErrorBody = { message };
  void reply.status(status).type('application/json; charset=utf-8').send(body);
}
