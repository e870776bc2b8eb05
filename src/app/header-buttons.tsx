import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Kbd,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useRuntime } from '@/api/runtime-context';
import { paletteShortcutLabel } from '@/features/search/palette-store';

/** Says the data is the demo service's (and at what scale), where it is. */
export function DemoBadge() {
  const { t } = useLingui();
  const { demo } = useRuntime();
  if (!demo) return null;
  const scale = demo.scale;
  return (
    <Tooltip label={t`Data comes from the built-in demo service, not the real one`}>
      <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
        {scale > 1 ? t`Demo ×${scale}` : t`Demo`}
      </Badge>
    </Tooltip>
  );
}

/** Opens the command palette; phones get the icon alone. */
export function SearchButton({ onOpen, onIntent }: { onOpen: () => void; onIntent: () => void }) {
  const { t } = useLingui();
  const shortcut = paletteShortcutLabel();
  const keyShortcuts = 'Control+K Meta+K';
  return (
    <>
      <Button
        variant="default"
        visibleFrom="sm"
        onClick={onOpen}
        onMouseEnter={onIntent}
        onFocus={onIntent}
        aria-keyshortcuts={keyShortcuts}
        // The key hint is for the eye; aria-keyshortcuts tells assistive technology.
        rightSection={
          <Kbd size="xs" aria-hidden="true" className="key-hint">
            {shortcut}
          </Kbd>
        }
      >
        <Trans>Search</Trans>
      </Button>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="sm"
        onClick={onOpen}
        onFocus={onIntent}
        aria-keyshortcuts={keyShortcuts}
        aria-label={t`Search`}
      >
        <SearchIcon />
      </ActionIcon>
    </>
  );
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <line x1="10.4" y1="10.4" x2="14" y2="14" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** Switches between the light and dark themes. */
export function ThemeToggle() {
  const { t } = useLingui();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      // Phones keep the header's room for the title and search; the palette and Settings switch it.
      visibleFrom="sm"
      onClick={() => setColorScheme(next)}
      aria-label={next === 'dark' ? t`Switch to dark theme` : t`Switch to light theme`}
    >
      <span aria-hidden="true">{computed === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}
