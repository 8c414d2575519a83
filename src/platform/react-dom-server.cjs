// The Worker's one React server renderer: `react-dom/server` (and `react-dom/server.edge`, which
// @hono/react-renderer imports only for streaming, an option this site does not use) resolve here
// through `[alias]` in wrangler.toml. The edge entry would bundle two renderers (the streaming
// Fizz build and the legacy string build, about 30 KB gzip each); pages and mails render to a string
// (renderToString, renderToStaticMarkup), so only the string build ships
// (docs/architecture.md#worker-size).
'use strict';

const server =
  process.env.NODE_ENV === 'production'
    ? require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js')
    : require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js');

exports.version = server.version;
exports.renderToString = server.renderToString;
exports.renderToStaticMarkup = server.renderToStaticMarkup;
