export const BROWSER_LOG_FILE: string;
export function failureFromErrorContext(markdown: string): string[];
export function printBrowserLogs(outputDir: string, since: number): void;
