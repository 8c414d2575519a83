// Mails link to the address the local site runs on: `npm start` hands wrangler the SITE_URL of the
// port it really uses (PORT honoured), unless one is given.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs tool without type declarations
import { siteUrlArgs } from '../../src/tools/start.mjs';

describe('npm start: SITE_URL follows PORT', () => {
  it('sets SITE_URL to the address wrangler dev listens on', () => {
    expect(siteUrlArgs([], 'http://127.0.0.1:8850', undefined)).toEqual([
      '--var',
      'SITE_URL:http://127.0.0.1:8850',
    ]);
  });
  it('keeps a SITE_URL given in the environment or in the arguments', () => {
    expect(siteUrlArgs([], 'http://127.0.0.1:8850', 'https://tunel.example')).toEqual([
      '--var',
      'SITE_URL:https://tunel.example',
    ]);
    expect(
      siteUrlArgs(['--var', 'SITE_URL:http://127.0.0.1:9999'], 'http://127.0.0.1:8850', undefined),
    ).toEqual([]);
  });
});
