import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMemo } from 'react';
import { getFormatLocale } from '@/i18n/locale';
import { browserTimeZone } from '@/lib/display-preferences';
import { formatNumber } from '@/lib/format';
import type { DispatchDraft } from './dispatch-draft';
import { DISPATCH_FIELDS, DISPATCH_FIELD_DEFINITIONS, type DispatchField } from './dispatch-fields';
import {
  columnLabel,
  fieldsSharingAColumn,
  missingRequiredFields,
  type ColumnMapping,
} from './parse-columns';
import type { DateOrder } from './parse-date-time';
import type { ScheduleRow } from './validate-rows';

const PREVIEW_ROWS = 5;
/**
 * Mantine keeps a closed dropdown's options in the page: seven Selects (one of 100 time zones)
 * made showing this step a long task. Their options are rendered when a dropdown opens.
 */
const OPTIONS_ONLY_WHEN_OPEN = { keepMounted: false };

function timeZoneOptions(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

export interface MappingChange {
  mapping?: ColumnMapping;
  timeZone?: string;
  dateOrder?: DateOrder;
}

/** Step 2: which column holds which entry field (auto-detected), and how to read the times. */
export function MappingStep({
  draft,
  previewRows,
  onChange,
  onBack,
  onContinue,
}: {
  draft: DispatchDraft;
  previewRows: ScheduleRow[];
  onChange: (change: MappingChange) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const { t, i18n } = useLingui();
  const headers = draft.table?.headers ?? [];
  const columnOptions = headers.map((_, column) => ({
    value: String(column),
    label: columnLabel(headers, column),
  }));
  const zones = useMemo(() => timeZoneOptions(draft.timeZone), [draft.timeZone]);
  const missing = missingRequiredFields(draft.mapping);
  const shared = fieldsSharingAColumn(draft.mapping);
  const canContinue = missing.length === 0 && shared.length === 0;
  const fileName = draft.fileName;
  const rowTotal = draft.rowCount;
  const rowCount = formatNumber(rowTotal);
  const fieldLabel = (field: DispatchField) => i18n._(DISPATCH_FIELD_DEFINITIONS[field].label);
  const missingFields = new Intl.ListFormat(getFormatLocale(), { type: 'unit' }).format(
    missing.map(fieldLabel),
  );
  const sharedFields = new Intl.ListFormat(getFormatLocale(), { type: 'conjunction' }).format(
    shared.map(fieldLabel),
  );
  const browserZone = browserTimeZone();

  return (
    <Stack>
      <Text size="sm">
        <Plural
          value={rowTotal}
          one={`${fileName}: ${rowCount} row. Check that each field reads the right column; the guesses come from the column names.`}
          other={`${fileName}: ${rowCount} rows. Check that each field reads the right column; the guesses come from the column names.`}
        />
      </Text>
      {missing.length > 0 && (
        <Alert color="orange" title={t`Some columns could not be found`}>
          <Trans>
            No column looks like {missingFields}. Choose them below, or start from the template,
            whose columns are recognised at once.
          </Trans>
        </Alert>
      )}
      {shared.length > 0 && (
        <Alert color="orange" title={t`One column is used twice`}>
          <Trans>{sharedFields} read the same column. Each column can feed one field.</Trans>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {DISPATCH_FIELDS.map((field) => {
          const definition = DISPATCH_FIELD_DEFINITIONS[field];
          const column = draft.mapping[field];
          return (
            <Select
              key={field}
              label={i18n._(definition.label)}
              description={i18n._(definition.hint)}
              placeholder={definition.required ? t`Choose a column` : t`Not in the file`}
              required={definition.required}
              clearable={!definition.required}
              data={columnOptions}
              comboboxProps={OPTIONS_ONLY_WHEN_OPEN}
              value={column === null ? null : String(column)}
              onChange={(value) =>
                onChange({
                  mapping: { ...draft.mapping, [field]: value === null ? null : Number(value) },
                })
              }
              error={
                definition.required && column === null
                  ? t`Choose the column that holds this`
                  : shared.includes(field)
                    ? t`Another field reads this column`
                    : undefined
              }
            />
          );
        })}
      </SimpleGrid>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t`Time zone of the times in the file`}
          description={t`Times without an offset (such as 06:00) are read in this zone. This browser's zone is ${browserZone}.`}
          data={zones}
          comboboxProps={OPTIONS_ONLY_WHEN_OPEN}
          value={draft.timeZone}
          onChange={(value) => value && onChange({ timeZone: value })}
          searchable
          allowDeselect={false}
          limit={100}
          w={380}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="date-order-label">
            <Trans>Dates like 03/04/2026</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="date-order-label"
            value={draft.dateOrder}
            onChange={(value) =>
              onChange({ dateOrder: value === 'day-first' ? 'day-first' : 'month-first' })
            }
            data={[
              { value: 'month-first', label: t`Month first (US)` },
              { value: 'day-first', label: t`Day first` },
            ]}
          />
        </Stack>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Also read: ISO 8601 (2026-11-24T06:00, with or without an offset such as Z or -08:00),
          2026-11-24 06:00, 11/24/2026 6:00 AM and Excel date cells or serial numbers.
        </Trans>
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder striped aria-label={t`Preview of the first rows`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Row</Trans>
              </Table.Th>
              {DISPATCH_FIELDS.map((field) => (
                <Table.Th key={field}>{fieldLabel(field)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {previewRows.slice(0, PREVIEW_ROWS).map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.sourceRow}</Table.Td>
                {DISPATCH_FIELDS.map((field) => (
                  <Table.Td key={field}>{row.values[field] || '—'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          <Trans>Choose another file</Trans>
        </Button>
        <Button onClick={onContinue} disabled={!canContinue}>
          <Trans>Check the rows</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
