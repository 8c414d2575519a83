// Who is counted in an ad's statistics (docs/stats.md): people, not robots, once a day each.

/** User agents of crawlers, link previews, monitors and headless browsers: never counted. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|facebot|whatsapp|telegram|embedly|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|headless|phantom|lighthouse|pingdom|uptime|monitor|scanner|http-client|libwww|feedfetcher|mediapartners|^$/i;

/** Whether a request's User-Agent (absent counts as empty) is a robot's. */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua.length < 10 || BOT_AGENT.test(ua);
}

/**
 * The visitor's key for one day: a keyed SHA-256 of the day, who they are (their account, else their
 * address and browser) and a secret, cut to 128 bits. The address and browser are never stored in
 * clear, and tomorrow's key for the same visitor is unrelated to today's.
 */
export async function dailyVisitorKey(parts: {
  day: string;
  userId: number | null;
  address: string;
  userAgent: string;
  secret: string;
}): Promise<string> {
  const who = parts.userId != null ? `u:${parts.userId}` : `a:${parts.address}|${parts.userAgent}`;
  const data = new TextEncoder().encode(`${parts.secret}\n${parts.day}\n${who}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
