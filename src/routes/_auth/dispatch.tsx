import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/dispatch')({
  component: () => (
    <ComingNext
      title="Dispatch upload"
      summary="Upload a dispatch schedule from CSV or Excel, check it, and follow its processing."
    />
  ),
});
