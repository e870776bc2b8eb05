import '@mantine/spotlight/styles.layer.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  Modal,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { describeIndexStatus } from './index-status';
import { paletteCommands, type PaletteCommandName } from './palette-commands';
import type { PaletteItem } from './palette-results';
import { paletteControls, paletteStore } from './palette-store';
import { takeHeldKeys } from './palette-type-ahead';
import { usePaletteSearch, type IndexReport } from './use-palette-search';

export interface CommandPaletteProps {
  /** The console-wide list of keyboard shortcuts, which the app shell owns. */
  onShowKeyboardShortcuts: () => void;
  /** Signing out, which the app shell owns: it asks first when work is unsaved. */
  onSignOut: () => void;
}

const RESULTS_ID = 'command-palette-results';
const optionId = (position: number) => `command-palette-option-${position}`;
/** Ages in the footer ("2 min ago") move on while the palette is open. */
const AGE_TICK_MS = 30_000;
/** Spotlight's own opening and closing animation. */
const TRANSITION = { duration: 200, transition: 'pop' } as const;

/**
 * "Find anything": pages, actions, users, vehicles, devices, groups and geofences by the start of
 * a name, identifier or word. Arrow keys move, Enter opens, Escape closes and returns focus to
 * where it was.
 */
export function CommandPalette({ onShowKeyboardShortcuts, onSignOut }: CommandPaletteProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme('light');
  const [text, setText] = useState('');
  // Labels in the chosen language: a new one builds the commands again.
  const locale = i18n.locale;
  const commands = useMemo(
    () => paletteCommands({ colorScheme }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale: see above
    [colorScheme, locale],
  );
  const search = usePaletteSearch(text, commands);
  const { selected } = useSpotlight(paletteStore);
  const [now, setNow] = useState(Date.now);
  // A command that opens another dialog waits until the palette has closed and returned focus.
  const afterClose = useRef<(() => void) | null>(null);

  const { sections } = search;
  const items = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  useKeepSelection(items, text);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const runCommand = (command: PaletteCommandName) => {
    if (command === 'sign-out') afterClose.current = onSignOut;
    else if (command === 'toggle-theme') setColorScheme(colorScheme === 'dark' ? 'light' : 'dark');
    else afterClose.current = onShowKeyboardShortcuts;
  };
  const choose = (item: PaletteItem) => {
    if (item.target.type === 'navigate') void navigate(item.target.to);
    else runCommand(item.target.command);
  };
  // Enter pressed before any result for the text was there (typed fast while an index loads):
  // the first result for that same text opens when it arrives. Typing on cancels it.
  const pendingEnterFor = useRef<string | null>(null);
  const openFirstResult = useEffectEvent(() => {
    const first = items[0];
    if (pendingEnterFor.current !== text || !first) return;
    pendingEnterFor.current = null;
    choose(first);
    paletteControls.close();
  });
  useEffect(() => {
    if (items.length > 0) openFirstResult();
  }, [items]);
  const changeText = (next: string) => {
    if (pendingEnterFor.current !== null && pendingEnterFor.current !== next) {
      pendingEnterFor.current = null;
    }
    setText(next);
  };

  const searchedText = text.trim();
  let position = 0;
  return (
    <Spotlight.Root
      store={paletteStore}
      // The app shell listens for Ctrl/Cmd+K, so the shortcut works before this code has loaded.
      shortcut={null}
      query={text}
      onQueryChange={changeText}
      scrollable
      maxHeight="min(60vh, 480px)"
      onSpotlightOpen={() => {
        setNow(Date.now());
        search.refreshStale();
      }}
      transitionProps={{
        ...TRANSITION,
        onExited: () => {
          afterClose.current?.();
          afterClose.current = null;
        },
      }}
    >
      <Modal.Title className="visually-hidden">
        <Trans>Find anything</Trans>
      </Modal.Title>
      <Spotlight.Search
        aria-label={t`Find anything`}
        placeholder={t`Search users, vehicles, devices, groups, geofences and pages…`}
        role="combobox"
        aria-expanded
        aria-controls={RESULTS_ID}
        aria-autocomplete="list"
        aria-activedescendant={
          selected >= 0 && selected < items.length ? optionId(selected) : undefined
        }
        autoComplete="off"
        spellCheck={false}
        onFocus={() => {
          const held = takeHeldKeys();
          const typed = text + held.keys;
          if (held.keys) setText(typed);
          if (held.enter && typed.trim()) pendingEnterFor.current = typed;
        }}
        onKeyDown={(event) => {
          // With a result chosen, Spotlight opens it; without one yet, it opens when one comes.
          if (event.key === 'Enter' && items.length === 0 && text.trim()) {
            pendingEnterFor.current = text;
          }
        }}
      />
      <Spotlight.ActionsList id={RESULTS_ID} role="listbox" aria-label={t`Results`}>
        {sections.map((section) => (
          <Spotlight.ActionsGroup
            key={section.kind}
            label={section.label}
            role="group"
            aria-label={section.label}
          >
            {section.items.map((item) => {
              const itemPosition = position++;
              return (
                <Spotlight.Action
                  key={item.key}
                  // Spotlight.Action keeps its id prop to itself; the active descendant needs one.
                  ref={(node: HTMLButtonElement | null) => {
                    if (node) node.id = optionId(itemPosition);
                  }}
                  role="option"
                  aria-selected={itemPosition === selected}
                  data-selected={itemPosition === selected || undefined}
                  label={item.label}
                  description={item.description}
                  onClick={() => choose(item)}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        ))}
      </Spotlight.ActionsList>
      {items.length === 0 && (
        <Spotlight.Empty>
          {search.indexes.some((index) => index.status.state === 'loading')
            ? t`Nothing yet: the search index is still being read.`
            : t`Nothing found for “${searchedText}”.`}
        </Spotlight.Empty>
      )}
      <Spotlight.Footer>
        <IndexFooter
          indexes={search.indexes}
          now={now}
          isRefreshing={search.isRefreshing}
          onRefresh={search.refresh}
        />
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

/**
 * Results change while the user looks at them (an index or the service search answers late):
 * keep the chosen entry chosen, and when nothing is chosen yet choose the first, so Enter opens
 * the best result however fast it was typed.
 */
function useKeepSelection(items: readonly PaletteItem[], text: string) {
  const previous = useRef({ keys: [] as string[], text });
  useEffect(() => {
    const keys = items.map((item) => item.key);
    const { selected } = paletteStore.getState();
    const textChanged = previous.current.text !== text;
    const selectedKey = textChanged ? undefined : previous.current.keys[selected];
    previous.current = { keys, text };
    const kept = selectedKey === undefined ? -1 : keys.indexOf(selectedKey);
    // A new search starts at its best result, as Spotlight does; so do late results of a search.
    const startOver = textChanged || selected >= 0 || text.trim() !== '';
    const next = kept >= 0 ? kept : startOver && keys.length > 0 ? 0 : -1;
    if (next !== selected) paletteStore.updateState((state) => ({ ...state, selected: next }));
  }, [items, text]);
}

function IndexFooter({
  indexes,
  now,
  isRefreshing,
  onRefresh,
}: {
  indexes: readonly IndexReport[];
  now: number;
  isRefreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Text size="xs" c="dimmed">
        {indexes
          .map((index) => describeIndexStatus(index.label, index.status, now, index.forbiddenNote))
          .join(' · ')}
      </Text>
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={onRefresh}
        loading={isRefreshing}
        style={{ flexShrink: 0 }}
      >
        <Trans>Refresh</Trans>
      </Button>
    </Group>
  );
}
