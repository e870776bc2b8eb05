import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { formatDateTime } from '@/lib/format';
import { MAX_RECENT_SUBMISSIONS, type RecentSubmission } from './recent-submissions';

/** Submissions made from this browser, each re-openable to follow its status and results. */
export function RecentSubmissionsCard({ submissions }: { submissions: RecentSubmission[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recent-submissions-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="recent-submissions-title">
          Recent submissions
        </Title>
        {submissions.length === 0 ? (
          <Text size="sm" c="dimmed">
            Schedules you submit from this browser are listed here (the last{' '}
            {MAX_RECENT_SUBMISSIONS}), so you can come back to their results.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped aria-label="Recent submissions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Submission</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Entries</Table.Th>
                  <Table.Th>Accepted</Table.Th>
                  <Table.Th>Rejected</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {submissions.map((submission) => (
                  <Table.Tr key={submission.batchId}>
                    <Table.Td>
                      <AnchorLink to="/dispatch" search={{ batch: submission.batchId }}>
                        Submission {submission.batchId}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      {formatDateTime(new Date(submission.submittedAt).toISOString())}
                    </Table.Td>
                    <Table.Td>{submission.fileName}</Table.Td>
                    <Table.Td>{submission.entryCount}</Table.Td>
                    <Table.Td>{submission.acceptedCount}</Table.Td>
                    <Table.Td>{submission.rejectedCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
