import { errorCodeStatus, type ErrorCode, type ErrorDetails } from '../shared/api/errors.js';

/** The one error type domain code throws; the error handler turns it into `{message, details?}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorCodeStatus[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unauthenticated = (message = 'You need to sign in to do that.') =>
  new AppError('authentication', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('authorization', message);
export const invalid = (message: string, details?: ErrorDetails) =>
  new AppError('validation', message, details);
