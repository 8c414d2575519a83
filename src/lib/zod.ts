// The one zod the Worker ships: `zod/mini` (tree-shakable functions, no bundled locales or JSON
// Schema tooling; about 5 KB gzip against full zod's 90 KB), with English default messages loaded
// once so an issue without a message of ours reads as it did with full zod. Import `z` from here,
// never from 'zod', as a namespace (`import * as z from '…/lib/zod'`): re-exporting the namespace
// object itself would defeat tree-shaking and ship every locale again (docs/architecture.md#worker-size).
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
