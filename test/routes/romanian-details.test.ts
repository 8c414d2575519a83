// Small Romanian details people notice: distinct titles, hints that match what the page does.
import { describe, expect, it } from 'vitest';
import { TITLE_MAX } from '../../src/lib/post-form';
import { get, getAs, makePost, makeUser, person, textOf } from '../fixtures';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('Romanian details', () => {
  it('gives / and /anunturi different titles', async () => {
    const home = titleOf(await (await get('/')).text());
    const all = titleOf(await (await get('/anunturi')).text());
    expect(home).toBeTruthy();
    expect(all).toBeTruthy();
    expect(home).not.toBe(all);
  });

  it('makes the title field’s hint and its maximum length agree', async () => {
    const { cookie } = await person();
    const html = await (await getAs('/posts/new', cookie)).text();
    const input = /<input[^>]*name="title"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain(`maxLength="${TITLE_MAX}"`);
    expect(textOf(html)).toContain(`Între 10 și ${TITLE_MAX} de caractere`);
  });

  it('names in the phone hint the button the ad page really shows', async () => {
    const { cookie } = await person();
    const editor = textOf(await (await getAs('/posts/new', cookie)).text());
    const named = /apasă „([^”]+)”/.exec(editor)?.[1];
    expect(named).toBeTruthy();
    const author = await makeUser({ name: 'Autor Telefon' });
    const post = await makePost(author.id, { title: 'Anunț cu telefon de arătat' });
    const page = await (await get(`/anunt/imobiliare/${post.slug}-${post.id}`)).text();
    const reveal = /<a class="btn btn--primary contact__reveal"[\s\S]*?<\/a>/.exec(page)?.[0] ?? '';
    expect(textOf(reveal)).toBe(named);
  });
});

describe('comma-below ș and ț everywhere', () => {
  it.each([
    '/',
    '/cautare',
    '/posts/new',
    '/static-page/taxi-radauti',
    '/static-page/termeni-si-conditii',
    '/static-page/despre-anunturile-promovate',
  ])('shows no cedilla ş ţ Ş Ţ on %s', async (path) => {
    const html = await (await get(path)).text();
    expect(textOf(html)).not.toMatch(/[şţŞŢ]/);
  });

  it('shows "Publică anunț" in a signed-in header', async () => {
    const { cookie } = await person();
    const html = await (await getAs('/posts/mine', cookie)).text();
    expect(textOf(html)).not.toMatch(/[şţŞŢ]/);
  });
});
