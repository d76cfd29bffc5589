export const BROWSER_LOG_FILE: string;
export function printBrowserLogs(outputDir: string, since: number): void;
