// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readShortcut } from './review-shortcuts';

function press(
  key: string,
  target: Element = document.body,
  modifiers: Partial<KeyboardEvent> = {},
) {
  return readShortcut({
    key,
    target,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    defaultPrevented: false,
    isComposing: false,
    ...modifiers,
  });
}

function element(html: string): Element {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]')!;
}

describe('review shortcuts', () => {
  it('maps the review keys', () => {
    expect(press('j')).toBe('next');
    expect(press('ArrowDown')).toBe('next');
    expect(press('k')).toBe('previous');
    expect(press('ArrowUp')).toBe('previous');
    expect(press('Enter')).toBe('open');
    expect(press(' ')).toBe('togglePlay');
    expect(press(',')).toBe('previousFrame');
    expect(press('.')).toBe('nextFrame');
    expect(press('?')).toBe('help');
    expect(press('x')).toBe('pick');
    expect(press('z')).toBeNull();
  });

  it('moves on from a pick box, which keeps its own space and Enter', () => {
    const box = element('<input type="checkbox" data-target />');
    expect(press('j', box)).toBe('next');
    expect(press('k', box)).toBe('previous');
    expect(press(' ', box)).toBeNull();
    expect(press('Enter', box)).toBeNull();
    expect(press('j', element('<input type="text" data-target />'))).toBeNull();
  });

  it('leaves every key to an open dialog', () => {
    const inDialog = element('<div role="dialog"><button data-target>Build packet</button></div>');
    expect(press('j', inDialog)).toBeNull();
    expect(press('?', inDialog)).toBeNull();
  });

  it('ignores keys typed into fields', () => {
    for (const html of [
      '<input data-target />',
      '<textarea data-target></textarea>',
      '<select data-target></select>',
      '<div contenteditable="true"><span data-target>x</span></div>',
    ]) {
      expect(press('j', element(html))).toBeNull();
      expect(press('?', element(html))).toBeNull();
      expect(press('.', element(html))).toBeNull();
    }
  });

  it('leaves browser shortcuts and handled keys alone', () => {
    expect(press('j', document.body, { ctrlKey: true })).toBeNull();
    expect(press('k', document.body, { metaKey: true })).toBeNull();
    expect(press('j', document.body, { defaultPrevented: true })).toBeNull();
  });

  it('lets focused controls keep Enter, space and arrows', () => {
    expect(press('Enter', element('<a href="/x" data-target>x</a>'))).toBeNull();
    expect(press(' ', element('<button data-target>x</button>'))).toBeNull();
    expect(press('ArrowDown', element('<video data-target></video>'))).toBeNull();
    expect(
      press('ArrowDown', element('<div role="menu"><div role="menuitem" data-target /></div>')),
    ).toBeNull();
    // A link has no use for arrows or j, so those still move through the queue.
    expect(press('ArrowDown', element('<a href="/x" data-target>x</a>'))).toBe('next');
    expect(press('j', element('<button data-target>x</button>'))).toBe('next');
    // Frame steps work wherever the focus is, the video and the timeline included.
    expect(press('.', element('<video data-target></video>'))).toBe('nextFrame');
    expect(press(',', element('<div role="slider" data-target />'))).toBe('previousFrame');
  });
});
