// Values the bundler writes into the code (wrangler.toml `[define]`, overridden by src/tools/start.mjs
// and vitest.config.ts).

/** Whether this build contains the development tools of src/dev (false in a deployed Worker). */
declare const DEV_TOOLS: boolean;
