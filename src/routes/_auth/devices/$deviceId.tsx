import { createFileRoute } from '@tanstack/react-router';
import { deviceDetailQueryOptions } from '@/api/devices';
import { DeviceDetailPage } from '@/features/devices/device-detail-page';

export const Route = createFileRoute('/_auth/devices/$deviceId')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(deviceDetailQueryOptions(params.deviceId)),
  component: DeviceDetailPage,
});
