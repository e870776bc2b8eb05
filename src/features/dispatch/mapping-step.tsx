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
import { browserTimeZone } from '@/lib/display-preferences';
import type { DispatchDraft } from './dispatch-draft';
import { DISPATCH_FIELDS, DISPATCH_FIELD_DEFINITIONS } from './dispatch-fields';
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
  const headers = draft.table?.headers ?? [];
  const columnOptions = headers.map((_, column) => ({
    value: String(column),
    label: columnLabel(headers, column),
  }));
  const zones = useMemo(() => timeZoneOptions(draft.timeZone), [draft.timeZone]);
  const missing = missingRequiredFields(draft.mapping);
  const shared = fieldsSharingAColumn(draft.mapping);
  const canContinue = missing.length === 0 && shared.length === 0;

  return (
    <Stack>
      <Text size="sm">
        {draft.fileName}: {draft.rowCount.toLocaleString('en-US')} rows. Check that each field reads
        the right column; the guesses come from the column names.
      </Text>
      {missing.length > 0 && (
        <Alert color="orange" title="Some columns could not be found">
          No column looks like{' '}
          {missing.map((field) => DISPATCH_FIELD_DEFINITIONS[field].label).join(', ')}. Choose them
          below, or start from the template, whose columns are recognised at once.
        </Alert>
      )}
      {shared.length > 0 && (
        <Alert color="orange" title="One column is used twice">
          {shared.map((field) => DISPATCH_FIELD_DEFINITIONS[field].label).join(' and ')} read the
          same column. Each column can feed one field.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {DISPATCH_FIELDS.map((field) => {
          const definition = DISPATCH_FIELD_DEFINITIONS[field];
          const column = draft.mapping[field];
          return (
            <Select
              key={field}
              label={definition.label}
              description={definition.hint}
              placeholder={definition.required ? 'Choose a column' : 'Not in the file'}
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
                  ? 'Choose the column that holds this'
                  : shared.includes(field)
                    ? 'Another field reads this column'
                    : undefined
              }
            />
          );
        })}
      </SimpleGrid>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Time zone of the times in the file"
          description={`Times without an offset (such as 06:00) are read in this zone. This browser's zone is ${browserTimeZone()}.`}
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
            Dates like 03/04/2026
          </Text>
          <SegmentedControl
            aria-labelledby="date-order-label"
            value={draft.dateOrder}
            onChange={(value) =>
              onChange({ dateOrder: value === 'day-first' ? 'day-first' : 'month-first' })
            }
            data={[
              { value: 'month-first', label: 'Month first (US)' },
              { value: 'day-first', label: 'Day first' },
            ]}
          />
        </Stack>
      </Group>
      <Text size="sm" c="dimmed">
        Also read: ISO 8601 (2026-11-24T06:00, with or without an offset such as Z or -08:00),
        2026-11-24 06:00, 11/24/2026 6:00 AM and Excel date cells or serial numbers.
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder striped aria-label="Preview of the first rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              {DISPATCH_FIELDS.map((field) => (
                <Table.Th key={field}>{DISPATCH_FIELD_DEFINITIONS[field].label}</Table.Th>
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
          Choose another file
        </Button>
        <Button onClick={onContinue} disabled={!canContinue}>
          Check the rows
        </Button>
      </Group>
    </Stack>
  );
}
