import { formatNumber } from '@/lib/format';

/** "1,234": a count as the import panel words it, in the reader's language. */
export const count = (value: number) => formatNumber(value);
