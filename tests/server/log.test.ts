/** The access log does not block: lines of one turn of the event loop go out in one write. */
import { describe, expect, it } from 'vitest';
import { batchedWriter } from '../../server/lib/log.ts';

describe('batchedWriter', () => {
  it('writes nothing while the turn runs, then every line of it in one write, in order', async () => {
    const writes: string[] = [];
    const write = batchedWriter({ write: (chunk: string) => writes.push(chunk) });
    write('{"n":1}');
    write('{"n":2}');
    write('{"n":3}');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
    write('{"n":4}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n', '{"n":4}\n']);
  });
});
