import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ListDayRangeFilter } from '@/components/list/list-day-range-filter';
import type { ResolvedScorecardWindow } from './scorecard-window';
import {
  DEFAULT_SCORECARD_DAYS,
  scorecardPresetDays,
  type ScorecardWindowSearch,
} from './scorecard-window-search';

const CUSTOM = 'custom';

/** The presets (7, 30 or 90 days up to today) and a custom range of days. */
export function ScorecardWindowPicker({
  window,
  resolved,
  onChange,
}: {
  window: ScorecardWindowSearch;
  resolved: ResolvedScorecardWindow;
  onChange: (window: ScorecardWindowSearch) => void;
}) {
  const { t } = useLingui();
  // On a phone the four choices stack: side by side, Spanish and French words spill off the screen.
  const stacked = useMediaQuery('(max-width: 30em)') ?? false;
  const custom = !!(window.from && window.to);
  const value = custom ? CUSTOM : String(window.days ?? DEFAULT_SCORECARD_DAYS);
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="scorecard-window-label">
            <Trans>Window</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="scorecard-window-label"
            orientation={stacked ? 'vertical' : 'horizontal'}
            value={value}
            onChange={(next) =>
              onChange(
                next === CUSTOM
                  ? // Custom starts from the days on screen, to be narrowed or widened.
                    { from: resolved.fromDay, to: resolved.toDay }
                  : {
                      // The default stays out of the URL.
                      days: scorecardPresetDays.find(
                        (days) => String(days) === next && days !== DEFAULT_SCORECARD_DAYS,
                      ),
                    },
              )
            }
            data={[
              ...scorecardPresetDays.map((days) => ({
                value: String(days),
                label: plural(days, { one: '# day', other: '# days' }),
              })),
              { value: CUSTOM, label: t`Custom` },
            ]}
          />
        </Stack>
        {custom && (
          <ListDayRangeFilter
            label={t`Custom range`}
            from={window.from}
            to={window.to}
            onChange={(range) =>
              onChange(range.from && range.to ? { from: range.from, to: range.to } : {})
            }
          />
        )}
      </Group>
      {!resolved.ok && (
        <Text size="sm" c="red" role="alert">
          {resolved.message}
        </Text>
      )}
    </Stack>
  );
}
