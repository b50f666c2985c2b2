import { Writable } from 'node:stream';

/** A stream that keeps what is written to it a line an entry (in `lines`): a test hands it to a logger, then reads the lines. */
export function collectLines(lines: string[] = []): { sink: Writable; lines: string[] } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { sink, lines };
}
