import { describe, expect, it } from 'vitest';
import {
  type AccessViewer,
  adState,
  readAccess,
  refusalStatus,
  startRefusal,
  writeRefusal,
} from '../../../src/lib/conversation-access';

const BUYER = 1;
const SELLER = 2;
const conv = (over: Partial<{ blockedBy: number | null; reportedAt: number | null }> = {}) => ({
  buyerId: BUYER,
  sellerId: SELLER,
  blockedBy: null,
  reportedAt: null,
  ...over,
});
const viewer = (id: number, over: Partial<AccessViewer> = {}): AccessViewer => ({
  id,
  banned: false,
  isOperator: false,
  ...over,
});

describe('who reads a conversation', () => {
  it.each([
    ['buyer', viewer(BUYER), conv(), 'participant'],
    ['seller', viewer(SELLER), conv(), 'participant'],
    ['third person', viewer(3), conv(), null],
    ['operator, not reported', viewer(4, { isOperator: true }), conv(), null],
    ['operator, reported', viewer(4, { isOperator: true }), conv({ reportedAt: 1 }), 'operator'],
    [
      'banned operator, reported',
      viewer(4, { isOperator: true, banned: true }),
      conv({ reportedAt: 1 }),
      null,
    ],
    ['banned buyer', viewer(BUYER, { banned: true }), conv(), 'participant'],
    ['blocked buyer', viewer(BUYER), conv({ blockedBy: SELLER }), 'participant'],
  ] as const)('%s → %s', (_name, who, c, expected) => {
    expect(readAccess(c, who)).toBe(expected);
  });

  it('nobody signed out', () => {
    expect(readAccess(conv(), null)).toBeNull();
  });
});

describe('who writes in a conversation', () => {
  it.each([
    ['buyer', viewer(BUYER), conv(), 'active', null],
    ['seller about a sold ad', viewer(SELLER), conv(), 'closed', null],
    ['third person', viewer(3), conv(), 'active', 'notParticipant'],
    [
      'operator of a reported one',
      viewer(4, { isOperator: true }),
      conv({ reportedAt: 1 }),
      'active',
      'notParticipant',
    ],
    ['banned buyer', viewer(BUYER, { banned: true }), conv(), 'active', 'banned'],
    ['blocked buyer', viewer(BUYER), conv({ blockedBy: SELLER }), 'active', 'blockedByOther'],
    ['seller who blocked', viewer(SELLER), conv({ blockedBy: SELLER }), 'active', 'blockedByMe'],
    ['buyer, hidden ad', viewer(BUYER), conv(), 'hidden', 'hidden'],
    ['buyer, deleted ad', viewer(BUYER), conv(), 'deleted', 'deleted'],
  ] as const)('%s → %s', (_name, who, c, ad, expected) => {
    expect(writeRefusal(c, who, ad)).toBe(expected);
  });
});

describe('who opens a conversation about an ad', () => {
  it.each([
    ['buyer, active ad', viewer(BUYER), 'active', null],
    ['the author', viewer(SELLER), 'active', 'ownAd'],
    ['banned', viewer(BUYER, { banned: true }), 'active', 'banned'],
    ['sold or expired ad', viewer(BUYER), 'closed', 'inactive'],
    ['hidden ad', viewer(BUYER), 'hidden', 'hidden'],
  ] as const)('%s → %s', (_name, who, ad, expected) => {
    expect(startRefusal(who, SELLER, ad)).toBe(expected);
  });

  it('answers every refusal with a 4xx', () => {
    for (const r of [
      'banned',
      'ownAd',
      'notParticipant',
      'hidden',
      'deleted',
      'inactive',
      'blockedByOther',
      'blockedByMe',
    ] as const) {
      expect(refusalStatus(r)).toBeGreaterThanOrEqual(400);
      expect(refusalStatus(r)).toBeLessThan(500);
    }
  });
});

describe('the ad state', () => {
  const now = 1_000_000;
  it.each([
    [null, 'deleted'],
    [{ status: 'published', expiresAt: now + 1, authorBanned: false }, 'active'],
    [{ status: 'published', expiresAt: now, authorBanned: false }, 'closed'],
    [{ status: 'published', expiresAt: null, authorBanned: true }, 'hidden'],
    [{ status: 'sold', expiresAt: null, authorBanned: false }, 'closed'],
    [{ status: 'expired', expiresAt: null, authorBanned: false }, 'closed'],
    [{ status: 'held', expiresAt: null, authorBanned: false }, 'hidden'],
    [{ status: 'draft', expiresAt: null, authorBanned: false }, 'hidden'],
  ] as const)('%j → %s', (post, expected) => {
    expect(adState(post, now)).toBe(expected);
  });
});
