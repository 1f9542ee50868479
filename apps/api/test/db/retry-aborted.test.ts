import { describe, expect, test } from 'vitest';
import { retryAborted } from '../../src/db/retry.ts';

/** What PostgreSQL's driver throws for an aborted transaction: an error with its SQLSTATE. */
const aborted = (code: string) => Object.assign(new Error(`aborted ${code}`), { code });

/** A transaction stand-in that fails with these errors, then answers 'done'. */
function failing(errors: Error[]) {
  let runs = 0;
  const run = async () => {
    const error = errors[runs++];
    if (error) throw error;
    return 'done';
  };
  return { run, runs: () => runs };
}

describe('a transaction PostgreSQL aborted is run again, a few times at most', () => {
  test.each([
    ['a deadlock victim (40P01) runs again', [aborted('40P01')], 2],
    ['a serialization failure (40001) runs again', [aborted('40001')], 2],
    ['two aborts in a row: the third run commits', [aborted('40P01'), aborted('40P01')], 3],
  ])('%s', async (_, errors, runs) => {
    const tx = failing(errors);
    await expect(retryAborted(tx.run)).resolves.toBe('done');
    expect(tx.runs()).toBe(runs);
  });

  test.each([
    ['a third abort is thrown', [aborted('40P01'), aborted('40P01'), aborted('40001')], 3],
    ['a unique violation is thrown at once', [aborted('23505')], 1],
    ['any other error is thrown at once', [new Error('refused')], 1],
  ])('%s', async (_, errors, runs) => {
    const tx = failing(errors);
    await expect(retryAborted(tx.run)).rejects.toBe(errors.at(-1));
    expect(tx.runs()).toBe(runs);
  });
});
