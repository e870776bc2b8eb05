// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { watchConnection } from '@/api/connection';
import { dateTimeFormat } from '@/lib/format';
import { TestProviders } from '@/test/test-providers';
import { ConnectionBanner } from './connection-banner';

const CONNECTION_LOST_AT = Date.parse('2026-12-02T09:41:00Z');
const hoursAndMinutes = (time: number) => dateTimeFormat({ timeStyle: 'short' }).format(time);

describe('ConnectionBanner', () => {
  beforeAll(() => watchConnection({ demo: false }));
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
    vi.useRealTimers();
  });

  it('says since when the console is offline, then that it is back, then goes', () => {
    vi.useFakeTimers({ now: CONNECTION_LOST_AT, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    render(<ConnectionBanner />, { wrapper: TestProviders });
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    act(() => onlineManager.setOnline(false));
    const since = hoursAndMinutes(CONNECTION_LOST_AT);
    expect(status).toHaveTextContent(`Offline since ${since}.`);
    expect(status).toHaveTextContent(/changes are turned off until the connection is back/);

    act(() => onlineManager.setOnline(true));
    expect(status).toHaveTextContent('Back online.');
    expect(status).not.toHaveTextContent(/Offline since/);

    act(() => vi.advanceTimersByTime(5_000));
    expect(status).toBeEmptyDOMElement();
  });

  it('keeps the time the connection was first lost while it stays lost', () => {
    vi.useFakeTimers({ now: CONNECTION_LOST_AT, toFake: ['Date'] });
    render(<ConnectionBanner />, { wrapper: TestProviders });
    act(() => onlineManager.setOnline(false));
    vi.setSystemTime(CONNECTION_LOST_AT + 60 * 60_000);
    // The browser may say "offline" again; the banner keeps the first time.
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(
      `Offline since ${hoursAndMinutes(CONNECTION_LOST_AT)}.`,
    );
  });
});
