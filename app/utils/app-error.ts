// Errors a person can act on: the message is written for them and the UI shows
// it as is. Anything else that is thrown is a bug and shows the error page.
export type AppErrorCode = "not_found" | "forbidden" | "conflict" | "invalid";

export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.name = "AppError";
    this.code = code;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
