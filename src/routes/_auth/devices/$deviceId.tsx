import { createFileRoute } from '@tanstack/react-router';
import { deviceDetailQueryOptions } from '@/api/devices';
import { startRouteRead } from '@/app/list-route';
import { RecordError, RecordNotFound } from '@/app/record-unavailable';
import { DeviceDetailPage } from '@/features/devices/device-detail-page';

export const Route = createFileRoute('/_auth/devices/$deviceId')({
  loader: ({ context, params, cause }) =>
    startRouteRead(context.queryClient, cause, deviceDetailQueryOptions(params.deviceId)),
  // A device is opened by its ID or serial number, so any text may name one: only the service knows.
  // One chunk for the page and its fallbacks, which have no use without it: each chunk costs the
  // sign-in page's code a loader stub.
  codeSplitGroupings: [['loader'], ['component', 'errorComponent', 'notFoundComponent']],
  notFoundComponent: () => <RecordNotFound record="device" />,
  errorComponent: (props) => <RecordError record="device" {...props} />,
  component: DeviceDetailPage,
});
