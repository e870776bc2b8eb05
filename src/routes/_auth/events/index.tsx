import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/events/')({
  component: () => (
    <ComingNext
      title="Safety events"
      summary="The review queue with filters, video playback and keyboard navigation."
    />
  ),
});
