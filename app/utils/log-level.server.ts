// LOG_LEVEL for the server process: the console's methods below the chosen
// level print nothing. console.log counts as info (the start-up lines use it).
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Methods = Pick<Console, "debug" | "info" | "log" | "warn" | "error">;

const LEVEL_OF_METHOD: Record<keyof Methods, LogLevel> = {
  debug: "debug",
  info: "info",
  log: "info",
  warn: "warn",
  error: "error",
};

const silent = () => undefined;

/** Silences `target`'s methods below `level` (the real console unless another is given). */
export function applyLogLevel(level: LogLevel, target: Methods = console) {
  const threshold = LOG_LEVELS.indexOf(level);
  for (const [method, methodLevel] of Object.entries(LEVEL_OF_METHOD) as [keyof Methods, LogLevel][]) {
    if (LOG_LEVELS.indexOf(methodLevel) < threshold) target[method] = silent;
  }
}
