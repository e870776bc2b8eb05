import { describe, expect, it } from 'vitest';
import { createInterceptionLog, remainingLatency } from './interception-log';

const caught = (method: string, url: string, interceptedAt: number) => ({
  type: 'REQUEST',
  payload: { id: 'x', method, url, interceptedAt },
});

describe('interception log', () => {
  it('gives each request the time the worker caught it, oldest first for the same address', () => {
    const log = createInterceptionLog(() => 1_000);
    log.note(caught('GET', 'http://demo/a', 900));
    log.note(caught('GET', 'http://demo/a', 950));
    log.note(caught('POST', 'http://demo/a', 960));
    expect(log.take(new Request('http://demo/a', { method: 'POST' }))).toBe(960);
    expect(log.take(new Request('http://demo/a'))).toBe(900);
    expect(log.take(new Request('http://demo/a'))).toBe(950);
    expect(log.take(new Request('http://demo/a'))).toBeUndefined();
  });

  it('ignores other messages and forgets requests never answered', () => {
    let now = 0;
    const log = createInterceptionLog(() => now);
    log.note('KEEPALIVE_RESPONSE');
    log.note({ type: 'MOCKING_ENABLED', payload: { method: 'GET', url: 'http://demo/a' } });
    log.note(caught('GET', 'http://demo/a', 0));
    now = 120_000;
    log.note(caught('GET', 'http://demo/b', now));
    expect(log.take(new Request('http://demo/a'))).toBeUndefined();
    expect(log.take(new Request('http://demo/b'))).toBe(now);
  });
});

describe('remaining latency', () => {
  it('counts the latency from the interception, never below zero nor above the latency', () => {
    expect(remainingLatency(120, 1_000, 1_050)).toBe(70);
    expect(remainingLatency(120, 1_000, 1_500)).toBe(0);
    expect(remainingLatency(120, 1_100, 1_000)).toBe(120);
    expect(remainingLatency(120, undefined, 1_000)).toBe(120);
  });
});
