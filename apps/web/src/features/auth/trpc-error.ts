// What the web needs from a failed tRPC call: the tRPC code, the AppError code and details the
// server's errorFormatter adds (packages/api/src/trpc.ts), the zod field errors, the message.
// Read structurally, so this file pulls in neither the tRPC client classes nor zod.

export interface CallError {
  /** tRPC code: 'UNAUTHORIZED', 'CONFLICT', 'TOO_MANY_REQUESTS', 'BAD_REQUEST', … */
  code: string | null;
  /** AppError code ('BAD_INPUT', 'CONFLICT', …), when the server threw one. */
  appCode: string | null;
  details: Record<string, unknown>;
  /** zod's flattened field errors for an invalid input. */
  fieldErrors: Record<string, string[] | undefined>;
  message: string;
}

interface ErrorData {
  code?: unknown;
  appError?: { code?: unknown; details?: unknown } | null;
  zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null;
}

export function callError(error: unknown): CallError {
  const data = ((error as { data?: ErrorData } | null)?.data ?? {}) as ErrorData;
  const app = data.appError ?? null;
  return {
    code: typeof data.code === 'string' ? data.code : null,
    appCode: typeof app?.code === 'string' ? app.code : null,
    details: app?.details && typeof app.details === 'object' ? (app.details as Record<string, unknown>) : {},
    fieldErrors: data.zodError?.fieldErrors ?? {},
    message: error instanceof Error ? error.message : String(error),
  };
}
