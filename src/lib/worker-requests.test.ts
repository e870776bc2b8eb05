import { describe, expect, it } from 'vitest';
import { createRequestHandler, type WorkerReplyMessage } from './worker-requests';

describe('createRequestHandler', () => {
  const halve = createRequestHandler<number, number, string>(
    (value, reportProgress) => {
      if (value < 0) throw new Error('negative');
      reportProgress('halfway');
      return value / 2;
    },
    (value) => `${value} cannot be halved.`,
  );

  it('replies with the progress, then the answer, under the request number', async () => {
    const replies: WorkerReplyMessage<number, string>[] = [];
    await halve({ requestId: 7, request: 10 }, (reply) => replies.push(reply));
    expect(replies).toEqual([
      { requestId: 7, kind: 'progress', progress: 'halfway' },
      { requestId: 7, kind: 'answer', answer: 5 },
    ]);
  });

  it('hands over the buffers the answer names, to move rather than copy', async () => {
    const pack = createRequestHandler<number, Float64Array>(
      (length) => new Float64Array(length),
      () => 'The numbers could not be packed.',
      (answer) => [answer.buffer],
    );
    const transfers: (Transferable[] | undefined)[] = [];
    await pack({ requestId: 9, request: 4 }, (reply, transfer) => {
      expect(reply).toMatchObject({ requestId: 9, kind: 'answer' });
      transfers.push(transfer);
    });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]![0]).toBeInstanceOf(ArrayBuffer);
    expect((transfers[0]![0] as ArrayBuffer).byteLength).toBe(32);
  });

  it('replies with the failure message when the work throws', async () => {
    const replies: WorkerReplyMessage<number, string>[] = [];
    await halve({ requestId: 8, request: -1 }, (reply) => replies.push(reply));
    expect(replies).toEqual([{ requestId: 8, kind: 'failed', message: '-1 cannot be halved.' }]);
  });
});
