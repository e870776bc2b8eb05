import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/settings')({
  component: () => (
    <ComingNext
      title="Settings"
      summary="Legacy ECM API key and deployment, and display preferences."
    />
  ),
});
