import { msg } from '@lingui/core/macro';
import { useLingui as useTranslator } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import type { Translate } from './assignment-change';
import type { GroupHealthRow } from './camera-health';
import { count, type CameraHealthListProps } from './camera-health-cells';
import type { CameraHealthIssue, DevicesSearch } from './devices-search';
import { readableGroupPath } from './group-path';

/**
 * The columns, given how a row's group is named and the search that opens this view narrowed to
 * a group (with changes).
 */
function groupHealthColumns(
  groupName: (row: GroupHealthRow) => string,
  inGroup: (row: GroupHealthRow, changes?: Partial<DevicesSearch>) => DevicesSearch,
  translate: Translate,
): ListColumn<GroupHealthRow>[] {
  const countColumn = (
    accessor: keyof GroupHealthRow & string,
    title: string,
    issue: CameraHealthIssue,
  ): ListColumn<GroupHealthRow> => ({
    accessor,
    title,
    sortable: true,
    textAlign: 'right',
    sortValue: (row) => Number(row[accessor]),
    exportValue: (row) => Number(row[accessor]),
    // The number opens that list, narrowed to the group.
    render: (row) => {
      const total = count(Number(row[accessor]));
      const group = groupName(row);
      return Number(row[accessor]) > 0 ? (
        <AnchorLink
          to="/devices"
          search={inGroup(row, { issue: issue === 'silent' ? undefined : issue })}
          size="sm"
          aria-label={translate(msg`${title} in ${group}: ${total}`)}
        >
          {total}
        </AnchorLink>
      ) : (
        '0'
      );
    },
  });
  return [
    {
      accessor: 'groupId',
      title: translate(msg`Group`),
      sortable: true,
      sortValue: groupName,
      exportValue: groupName,
      render: (row) =>
        row.groupId ? (
          <AnchorLink to="/devices" search={inGroup(row)} size="sm">
            {groupName(row)}
          </AnchorLink>
        ) : (
          groupName(row)
        ),
    },
    countColumn('silentCameras', translate(msg`Not connected`), 'silent'),
    countColumn('camerasInNoVehicle', translate(msg`Cameras in no vehicle`), 'unassigned'),
    countColumn('vehiclesWithNoCamera', translate(msg`Vehicles with no camera`), 'no-camera'),
    countColumn('camerasOnOlderFirmware', translate(msg`Older firmware`), 'firmware'),
  ];
}

/** Each group's count of every issue, each count a link to that list narrowed to the group. */
export function GroupHealthList(list: CameraHealthListProps) {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const { paths } = useKnownGroupPaths();
  const { search } = list.url;
  const columns = useMemo(
    () =>
      groupHealthColumns(
        (row) =>
          paths.get(row.groupId.toLowerCase()) ??
          readableGroupPath(row.groupPath) ??
          translate(msg`No group`),
        // This view (and list), narrowed to the row's group.
        (row, changes = {}) => ({
          ...search,
          tab: 'health',
          groupId: row.groupId,
          healthPage: undefined,
          firmware: undefined,
          ...changes,
        }),
        translate,
      ),
    [paths, search, translate],
  );
  return (
    <InBrowserList<GroupHealthRow>
      {...list}
      label={t`Camera health by group`}
      noun={t`groups needing attention`}
      storeKey="camera-health-groups"
      rows={list.summary?.groups}
      columns={columns}
      idAccessor={(row) => row.groupId || 'none'}
      emptyText={t`No group has anything that needs attention`}
    />
  );
}
