import { reactRenderer } from '@hono/react-renderer';
import type { Context } from 'hono';
import { Layout, type PageMeta, type SiteContext } from './components/Layout';
import type { AppEnv } from './env';
import { flashMessage } from './flash';
import clientAssets from './generated/client-assets.json';

declare module '@hono/react-renderer' {
  interface Props extends PageMeta {}
}

/** Hashed URLs of the client bundles and the stylesheet, written by `npm run build:client`. */
export const ASSETS: Record<string, string> = clientAssets;

/** Per-request shell context: site URL, path, year, assets, configured third-party scripts. */
export function siteContext(c: Context<AppEnv>): SiteContext {
  const scriptUrl = c.env.ANALYTICS_SCRIPT_URL;
  const domain = c.env.ANALYTICS_DOMAIN;
  const analytics = scriptUrl && domain ? { scriptUrl, domain } : null;
  const externalScripts: SiteContext['externalScripts'] = [];
  if (analytics)
    externalScripts.push({ src: analytics.scriptUrl, attrs: { 'data-domain': analytics.domain } });
  const extra = c.get('externalScripts');
  if (extra) externalScripts.push(...extra);
  return {
    siteUrl: c.env.SITE_URL,
    path: new URL(c.req.url).pathname,
    year: new Date().getUTCFullYear(),
    assets: ASSETS,
    analytics,
    externalScripts,
    flash: flashMessage(c),
  };
}

export const renderer = reactRenderer(({ children, c, Layout: _outer, ...meta }) => (
  <Layout site={siteContext(c as Context<AppEnv>)} {...meta}>
    {children}
  </Layout>
));
