// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/test-providers';
import { ListTextFilter } from './list-text-filter';

/** The filter as a list page holds it: `value` is the URL's, which follows each `onChange`. */
function renderFilter(value: string | undefined) {
  const onChange = vi.fn();
  const view = render(
    <TestProviders>
      <ListTextFilter label="Name contains" value={value} onChange={onChange} />
    </TestProviders>,
  );
  const showUrlValue = (next: string | undefined) =>
    view.rerender(
      <TestProviders>
        <ListTextFilter label="Name contains" value={next} onChange={onChange} />
      </TestProviders>,
    );
  return { onChange, showUrlValue, input: screen.getByLabelText('Name contains') };
}

const type = (input: HTMLElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });

describe('ListTextFilter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps what was typed after a pause when the URL catches up with the text before it', () => {
    const { onChange, showUrlValue, input } = renderFilter('PDX');
    type(input, 'PDX-');
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith('PDX-');
    // A key lands before the URL shows "PDX-" (a busy page): the echo must not take it away.
    type(input, 'PDX-T');
    showUrlValue('PDX-');
    expect(input).toHaveValue('PDX-T');
    type(input, 'PDX-T1');
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith('PDX-T1');
    showUrlValue('PDX-T1');
    expect(input).toHaveValue('PDX-T1');
  });

  it('takes a value set from outside, such as a saved view or the back button', () => {
    const { showUrlValue, input } = renderFilter('PDX');
    type(input, 'PDX-T');
    act(() => vi.advanceTimersByTime(300));
    showUrlValue('PDX-T');
    showUrlValue('SEA');
    expect(input).toHaveValue('SEA');
    showUrlValue(undefined);
    expect(input).toHaveValue('');
  });
});
