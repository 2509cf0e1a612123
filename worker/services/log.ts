/**
 * The one logger: a line of JSON per event (`{"level","event","requestId",...}`), which Workers
 * Logs and `wrangler tail` index by field. Made once per request with its id (worker/api's
 * requestContext, the page handler), so every line of a request can be found by the id a 500
 * shows the person. A service without a request at hand uses `log` (no id).
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** The same logger with more fields on every line (e.g. a userId). */
  with(fields: LogFields): Logger;
}

/** An Error as fields a log line can hold (the message, and the stack for the logs only). */
export function errorFields(error: unknown): { error: string; stack?: string } {
  return error instanceof Error ? { error: String(error), stack: error.stack } : { error: String(error) };
}

const write: Record<LogLevel, (line: string) => void> = {
  info: (line) => console.log(line),
  warn: (line) => console.warn(line),
  error: (line) => console.error(line),
};

export function createLogger(base: LogFields = {}): Logger {
  const line = (level: LogLevel, event: string, fields: LogFields = {}) => write[level](JSON.stringify({ level, event, ...base, ...fields }));
  return {
    info: (event, fields) => line("info", event, fields),
    warn: (event, fields) => line("warn", event, fields),
    error: (event, fields) => line("error", event, fields),
    with: (fields) => createLogger({ ...base, ...fields }),
  };
}

/** For code that runs outside a request's life (deferred work, services called from anywhere). */
export const log = createLogger();
