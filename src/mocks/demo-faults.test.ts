// @vitest-environment jsdom
import { getResponse, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_FAULTS_KEY, demoFaultHandler, type DemoFault } from './demo-faults';

const service = [
  http.get('*/v1/things', () =>
    HttpResponse.json({ name: 'a', note: null, items: [{ id: 1, spare: null }] }),
  ),
];
const handlers = [demoFaultHandler(service), ...service];

function setFaults(faults: DemoFault[]) {
  sessionStorage.setItem(DEMO_FAULTS_KEY, JSON.stringify(faults));
}

async function get(path = '/v1/things', method = 'GET') {
  return getResponse(handlers, new Request(`http://localhost${path}`, { method }));
}

describe('demo fault switch', () => {
  afterEach(() => sessionStorage.clear());

  it('answers normally without faults', async () => {
    expect(await (await get())?.json()).toEqual({
      name: 'a',
      note: null,
      items: [{ id: 1, spare: null }],
    });
  });

  it('fails the matching method and path the given number of times', async () => {
    setFaults([{ method: 'GET', pathPattern: '/v1/things$', status: 503, times: 1 }]);
    expect((await get('/v1/things', 'POST'))?.status).not.toBe(503);
    expect((await get())?.status).toBe(503);
    expect((await get())?.status).toBe(200);
    expect(JSON.parse(sessionStorage.getItem(DEMO_FAULTS_KEY)!)).toEqual([
      { method: 'GET', pathPattern: '/v1/things$', status: 503, times: 0 },
    ]);
  });

  it('sends Retry-After, raw bodies and network errors', async () => {
    setFaults([{ pathPattern: 'things', status: 429, retryAfter: 2, times: 1 }]);
    expect((await get())?.headers.get('Retry-After')).toBe('2');
    setFaults([{ pathPattern: 'things', body: '{not json', times: 1 }]);
    const broken = await get();
    expect(broken?.status).toBe(200);
    expect(await broken?.text()).toBe('{not json');
    setFaults([{ pathPattern: 'things', kind: 'network', times: 1 }]);
    expect((await get())?.type).toBe('error');
  });

  it('adds an unknown field or drops optional ones from the real answer', async () => {
    setFaults([{ pathPattern: 'things', transform: 'unknown-field', times: 1 }]);
    expect(await (await get())?.json()).toMatchObject({
      demoUnknownField: 'not in the contract',
      items: [{ id: 1, demoUnknownField: 'not in the contract' }],
    });
    setFaults([{ pathPattern: 'things', transform: 'drop-optional', times: 1 }]);
    expect(await (await get())?.json()).toEqual({ name: 'a', items: [{ id: 1 }] });
    setFaults([{ pathPattern: 'things', transform: 'drop-optional', fields: ['name'], times: 1 }]);
    expect(await (await get())?.json()).toEqual({ note: null, items: [{ id: 1, spare: null }] });
  });
});
