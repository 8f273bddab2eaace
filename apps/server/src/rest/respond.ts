// Shared by every REST adapter: turn whatever a procedure threw into a 4xx/5xx JSON
// answer of the shape { error: { code, message, details? } }.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, APP_ERRORS, TRPC_TO_HTTP } from '@esim/api';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorResponse(err: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  const cause = err instanceof TRPCError ? err.cause ?? err : err;
  if (cause instanceof AppError) {
    const body: ErrorBody = { error: { code: cause.code, message: cause.message } };
    if (cause.details) body.error.details = cause.details;
    return { status: APP_ERRORS[cause.code].http as ContentfulStatusCode, body };
  }
  if (cause instanceof ZodError) {
    const issues = cause.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const first = issues[0];
    const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
    return { status: 400, body: { error: { code: 'BAD_INPUT', message, details: issues } } };
  }
  if (err instanceof TRPCError) {
    const status = (TRPC_TO_HTTP[err.code] ?? 500) as ContentfulStatusCode;
    const code = status === 500 ? 'INTERNAL' : err.code;
    const message = status === 500 ? APP_ERRORS.INTERNAL.message : err.message;
    return { status, body: { error: { code, message } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: APP_ERRORS.INTERNAL.message } } };
}
