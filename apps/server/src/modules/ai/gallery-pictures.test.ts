/**
 * A picture made in the browser (the tiny painter, textToImage's offline mode) joins the gallery through
 * POST /api/ai/images: free, with no provider set up, listed and downloadable like a cloud painting, its bytes
 * checked (PNG only, size), rate-limited, and a class student's recorded for the review with no credits.
 */
import { GALLERY_PICTURE_MAX_SIDE, GALLERY_SAVES_PER_MINUTE, type ReviewPage } from '@ai-edu/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../test/fake-openai.ts';
import { dataUrl, pngHeader, TINY_GIF } from '../../test/picture-bytes.ts';
import {
  appPerTest,
  callAs,
  creditBalance,
  signedInUser,
  type ProductReply,
  type TestApp,
} from '../../test/helpers.ts';
import { schoolWithClass } from '../ai-review/test-fixtures.ts';

const context = appPerTest();
let t: TestApp;
let seq = 0;
beforeEach(() => {
  t = context.t;
});

type Saved = { id: string; url: string; prompt: string; style: string; size: string; createdAt: string };

const save = (uid: string, body: Record<string, unknown>) =>
  callAs(t, uid, 'POST', '/api/ai/images', { image: dataUrl(TINY_PNG), prompt: '猫', ...body });

const user = () => signedInUser(t, `painter${++seq}@example.com`, { credits: '30' });

describe('saving a browser-made picture to the gallery', () => {
  it('keeps it free of credits, with no provider set up, listed and served like a cloud painting', async () => {
    const { uid } = await user();
    const res = await save(uid, { prompt: '  cat  ' });
    expect(res.statusCode).toBe(200);
    const saved = res.json<ProductReply<Saved>>().data;
    expect(saved).toMatchObject({ prompt: 'cat', style: 'tinyPainter', size: '1x1' });
    expect(await creditBalance(t, uid)).toBe(30);

    const list = await callAs(t, uid, 'GET', '/api/ai/images');
    expect(list.json<ProductReply<Saved[]>>().data.map((p) => p.id)).toEqual([saved.id]);
    const image = await t.app.inject({ method: 'GET', url: saved.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);

    // Nobody else sees it; its owner may delete it.
    const other = await user();
    const theirs = await callAs(t, other.uid, 'GET', '/api/ai/images');
    expect(theirs.json<ProductReply<Saved[]>>().data).toEqual([]);
    expect((await callAs(t, uid, 'DELETE', `/api/ai/images/${saved.id}`)).statusCode).toBe(200);
  });

  it.each([
    ['bytes that are not base64', { image: 'not a picture!' }, 400, 'PNG'],
    ['a GIF', { image: dataUrl(TINY_GIF, 'image/gif') }, 415, 'PNG'],
    ['a PNG signature with a broken header', { image: dataUrl(TINY_PNG.subarray(0, 12)) }, 415, 'PNG'],
    [
      'a picture wider than allowed',
      { image: dataUrl(pngHeader(GALLERY_PICTURE_MAX_SIDE + 1, 10)) },
      413,
      '1,024 pixels',
    ],
    ['more than 512 KB', { image: dataUrl(Buffer.alloc(520 * 1024)) }, 400, '512 KB'],
    ['a body far too large', { image: dataUrl(Buffer.alloc(2 * 1024 * 1024)) }, 413, 'too large'],
    ['no prompt', { prompt: '   ' }, 400, 'prompt'],
  ])('refuses %s with a message, keeping nothing', async (_, body, status, words) => {
    const { uid } = await user();
    const res = await save(uid, body);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toContain(words);
    const list = await callAs(t, uid, 'GET', '/api/ai/images');
    expect(list.json<ProductReply<Saved[]>>().data).toEqual([]);
  });

  it('needs a session, and refuses a flood with 429', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ai/images',
      payload: { image: dataUrl(TINY_PNG), prompt: 'cat' },
    });
    expect(anonymous.statusCode).toBe(401);

    const { uid } = await user();
    for (let i = 0; i < GALLERY_SAVES_PER_MINUTE; i++) expect((await save(uid, {})).statusCode).toBe(200);
    const refused = await save(uid, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it("records a class student's picture for the review, with no credits, and the teacher can see it", async () => {
    const s = await schoolWithClass(t);
    expect((await save(s.student.uid, { prompt: 'snowman' })).statusCode).toBe(200);
    const res = await callAs(t, s.teacher.uid, 'GET', `/api/classes/${s.classId}/ai-use`);
    const page = res.json<ProductReply<ReviewPage>>().data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      lab: 'textToImage',
      prompt: 'snowman',
      credits: 0,
      status: 'answered',
    });
    expect(page.items[0]!.imageUrl).toMatch(/^\/api\/review-images\//);
  });
});
