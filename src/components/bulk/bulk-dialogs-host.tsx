import { Fragment, useEffect } from 'react';
import { clearBulkReports, useBulkReports } from './bulk-reports-store';

/** The app shell's place for bulk dialogs, open or hidden, so a report outlives its list page. */
export function BulkDialogsHost() {
  const reports = useBulkReports();
  // The shell goes with the session: its reports go with it.
  useEffect(() => clearBulkReports, []);
  return reports.map((entry) => <Fragment key={entry.id}>{entry.render(entry)}</Fragment>);
}
