import { z } from "zod";

// In the browser zod checks its schemas without compiling code: its compiled checks probe `new Function`
// first, which the Content-Security-Policy (no 'unsafe-eval', server/security-headers.ts) refuses, and
// the browser reports the refusal as a security issue on every page that checks a form. Imported first by
// the root route, so that it runs before any schema is made; the server keeps the compiled checks.
if (typeof document !== "undefined") z.config({ jitless: true });
