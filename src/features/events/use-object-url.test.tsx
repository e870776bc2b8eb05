// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useObjectUrl } from './use-object-url';

function Video({ blob }: { blob: Blob | undefined }) {
  const url = useObjectUrl(blob);
  return <span>{url ?? 'none'}</span>;
}

describe('useObjectUrl', () => {
  let made = 0;
  const revoked: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    made = 0;
    revoked.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:clip-${++made}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives every view of a Blob one URL, kept through a StrictMode remount, revoked after the last', () => {
    const blob = new Blob(['clip']);
    const first = render(
      <StrictMode>
        <Video blob={blob} />
      </StrictMode>,
    );
    const second = render(<Video blob={blob} />);
    expect(first.container.textContent).toBe('blob:clip-1');
    expect(second.container.textContent).toBe('blob:clip-1');
    vi.runAllTimers();
    expect(revoked).toEqual([]);

    first.unmount();
    vi.runAllTimers();
    expect(revoked).toEqual([]);
    second.unmount();
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:clip-1']);
    expect(made).toBe(1);
  });

  it('revokes the URL of a Blob that was replaced, and has none without a Blob', () => {
    const view = render(<Video blob={new Blob(['a'])} />);
    view.rerender(<Video blob={new Blob(['b'])} />);
    expect(view.container.textContent).toBe('blob:clip-2');
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:clip-1']);
    view.rerender(<Video blob={undefined} />);
    expect(view.container.textContent).toBe('none');
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:clip-1', 'blob:clip-2']);
  });
});
