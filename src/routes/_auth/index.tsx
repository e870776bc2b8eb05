import { createFileRoute } from '@tanstack/react-router';
import { countFilters, queueParams } from '@/features/events/events-search';
import { OverviewPage } from '@/features/overview/overview-page';

const eventQueue = { countFilters, queueParams };

export const Route = createFileRoute('/_auth/')({
  component: () => <OverviewPage eventQueue={eventQueue} />,
});
