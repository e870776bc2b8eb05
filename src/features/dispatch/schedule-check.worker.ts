import { serveRequests } from '@/lib/worker-requests';
import { handleCheckScheduleRequest } from './schedule-checking';

// Checking 10,000 rows (dates, duplicates, overlaps) takes longer than a frame: it runs here.
serveRequests(handleCheckScheduleRequest);
