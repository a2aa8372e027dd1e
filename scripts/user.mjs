#!/usr/bin/env node
/** `npm run user -- <add|reset|list> [name]`: manages sign-in accounts (see apps/server/src/cli/user.ts). */
const { register } = await import("tsx/esm/api");
register();
await import("../apps/server/src/cli/user.ts");
