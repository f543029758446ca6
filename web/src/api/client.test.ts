// The API client's reading of refusals: the wait a 429 asks for, and a
// 401 that means the session ended.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, listSessions, onSessionEnded, retryAfterSeconds, signIn } from './client';

/** Makes `fetch` answer `status` with a JSON error body and `headers`. */
function answer(status: number, code: string, headers: Record<string, string> = {}) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code, message: `${code} happened.` } }), { status, headers: { 'content-type': 'application/json', ...headers } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  onSessionEnded(() => undefined);
});

describe('Retry-After', () => {
  it('is read as seconds when it is a number of them', () => {
    expect(retryAfterSeconds('40')).toBe(40);
    expect(retryAfterSeconds(' 2 ')).toBe(2);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterSeconds('-1')).toBeUndefined();
  });
  it("comes with a 429's error, beside the server's code and message", async () => {
    answer(429, 'too_many_requests', { 'retry-after': '30' });
    const refused = await listSessions().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests', message: 'too_many_requests happened.', retryAfter: 30 });
  });
});

describe('a 401', () => {
  it('tells the session that it ended', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    answer(401, 'unauthorized');
    await expect(listSessions()).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();
  });
  it('to a sign-in is a wrong password, not an ended session', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    answer(401, 'unauthorized');
    await expect(signIn('ann', 'wrong')).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('every call', () => {
  it('goes to the page\'s own site, with its cookie', async () => {
    const fetch = answer(429, 'too_many_requests');
    await listSessions().catch(() => undefined);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/me/sessions');
    expect(init.credentials).toBe('same-origin');
  });
});

describe('a problem document', () => {
  it("gives its detail as the refusal's explanation, else its title", async () => {
    const body = { type: 'about:blank', title: 'Unprocessable Entity', status: 422, detail: 'Line 2, move 3 (h7-h5): that piece cannot move there.' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 422, headers: { 'content-type': 'application/problem+json' } })));
    await expect(call('PUT', '/api/games/g1/conditionals', { lines: [] })).rejects.toMatchObject({ status: 422, message: body.detail });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ title: 'Conflict', status: 409 }), { status: 409 })));
    await expect(call('PUT', '/api/games/g1/conditionals', { lines: [] })).rejects.toMatchObject({ status: 409, code: 'http', message: 'Conflict' });
  });
});
