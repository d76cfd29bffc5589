import { z } from "zod/v4";

// What `import … from "zod"` reaches in the build (vite.config.ts `resolve.alias`): zod itself, set up
// before any schema is made. In the browser zod then checks schemas without compiling code: its compiled
// checks probe `new Function` first, which the Content-Security-Policy (no 'unsafe-eval',
// server/security-headers.ts) refuses, and the browser reports each refusal as a security issue. The
// server keeps the compiled checks; the unit tests import zod as it is.
if (typeof document !== "undefined") z.config({ jitless: true });

export * from "zod/v4";
export { z as default } from "zod/v4";
