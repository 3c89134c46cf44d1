import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorDetails } from '../../shared/api/errors.js';
import { AppError } from '../errors.js';

function validationDetails(
  validation: Array<{ instancePath: string; message?: string; params?: unknown }>,
  context: string | undefined,
) {
  const details: ErrorDetails = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'request';
    (details[field] ??= []).push(issue.message ?? 'is invalid');
  }
  return details;
}

function describe(details: ErrorDetails): string {
  const [field, messages] = Object.entries(details)[0] ?? [];
  if (!field || !messages?.[0]) return 'The request is invalid.';
  const message = messages[0];
  // Our schemas word their own messages for people; zod's generic ones need the field to make sense.
  const generic = /^(Invalid|Too small|Too big|Unrecognized|Expected)/.test(message);
  return generic ? `${field}: ${message}` : message;
}

/** The one place where errors become HTTP answers: `{message, details?}` with the status of spec section 8. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = { message: error.message, ...(error.details ? { details: error.details } : {}) };
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const details = validationDetails(error.validation, error.validationContext);
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
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
