import { serveRequests } from '@/lib/worker-requests';
import { handleReadScheduleRequest } from './schedule-reading';

// A 10,000-row CSV or workbook is decoded and split into cells here, never on the page.
serveRequests(handleReadScheduleRequest);
