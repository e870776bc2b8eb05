import { createFileRoute } from '@tanstack/react-router';
import { deviceDetailQueryOptions } from '@/api/devices';
import { startRouteRead } from '@/app/list-route';
import { recordPageFallbacks } from '@/app/record-unavailable';
import { DeviceDetailPage } from '@/features/devices/device-detail-page';

export const Route = createFileRoute('/_auth/devices/$deviceId')({
  loader: ({ context, params, cause }) =>
    startRouteRead(context.queryClient, cause, deviceDetailQueryOptions(params.deviceId)),
  // A device is opened by its ID or serial number, so any text may name one: only the service knows.
  ...recordPageFallbacks({ noun: 'device', backTo: '/devices', backLabel: 'Back to devices' }),
  component: DeviceDetailPage,
});
