// A client's identity for limits and anonymous reports: its address as Cloudflare saw it. An IPv6
// client usually holds a whole /64 (one home or phone), so it counts as its /64 prefix: rotating
// addresses inside it changes nothing.

/** The eight 16-bit groups of an IPv6 address (with `::` and an embedded IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const b = v4.slice(1).map(Number);
    if (b.some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
}

/**
 * `CF-Connecting-IP` as the client it stands for: an IPv4 address as is, an IPv6 address as its /64
 * (`2001:db8:1:2::/64`); anything else (not an address) as its first 64 characters.
 */
export function clientIdentity(address: string): string {
  const trimmed = address.trim();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(trimmed)) return trimmed;
  const groups = trimmed.includes(':') ? ipv6Groups(trimmed) : null;
  if (!groups) return trimmed.slice(0, 64);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
