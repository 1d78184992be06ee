import { MutationObserver, type MutationOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '@client/lib/api';
import { createQueryClient } from '@client/lib/query-client';
import { getToasts, toast } from '@client/lib/toast';

const shown = () => getToasts().map(({ kind, message }) => ({ kind, message }));

/** Runs one mutation on the app's own QueryClient (its MutationCache carries the handler); resolves whether it succeeded. */
function run<TData, TVariables>(
  options: MutationOptions<TData, Error, TVariables>,
  variables: TVariables,
): Promise<boolean> {
  return new MutationObserver(createQueryClient(), options).mutate(variables).then(
    () => true,
    () => false,
  );
}

describe('mutation toasts: declared in meta, shown by the QueryClient', () => {
  afterEach(() => {
    for (const t of getToasts()) toast.dismiss(t.id);
  });

  it('shows the success text', async () => {
    expect(
      await run({ mutationFn: () => Promise.resolve('ok'), meta: { success: 'Saved', failure: 'Failed' } }, undefined),
    ).toBe(true);
    expect(shown()).toEqual([{ kind: 'success', message: 'Saved' }]);
  });

  it('makes a text from the answer and the variables', async () => {
    const meta = { success: (answer: { count: number }, name: string) => `${name}: ${answer.count} imported` };
    await run({ mutationFn: () => Promise.resolve({ count: 3 }), meta }, 'bhavcopy');
    expect(shown()).toEqual([{ kind: 'success', message: 'bhavcopy: 3 imported' }]);
  });

  it('gives the failure function the error and the variables', async () => {
    const failure = (error: unknown, id: number) =>
      error instanceof HttpError ? `Algo ${id}: ${error.status}` : 'other';
    const ok = await run(
      { mutationFn: () => Promise.reject(new HttpError(409, 'stale')), meta: { success: 'Saved', failure } },
      7,
    );
    expect(ok).toBe(false);
    expect(shown()).toEqual([{ kind: 'error', message: 'Algo 7: 409' }]);
  });

  it('shows nothing for a mutation without meta, or for an outcome its meta leaves out', async () => {
    await run({ mutationFn: () => Promise.resolve('ok') }, undefined);
    await run({ mutationFn: () => Promise.reject(new HttpError(400, 'bad')) }, undefined);
    await run({ mutationFn: () => Promise.resolve('ok'), meta: { failure: 'Failed' } }, undefined);
    await run({ mutationFn: () => Promise.reject(new HttpError(400, 'bad')), meta: { success: 'Saved' } }, undefined);
    expect(shown()).toEqual([]);
  });

  it('toasts a retried failure once, at the end', async () => {
    let calls = 0;
    const mutationFn = () => Promise.reject(new Error(`attempt ${++calls}`));
    await run(
      { mutationFn, retry: 1, retryDelay: 0, meta: { failure: (error) => (error as Error).message } },
      undefined,
    );
    expect(calls).toBe(2);
    expect(shown()).toEqual([{ kind: 'error', message: 'attempt 2' }]);
  });

  it('toasts after the mutation’s own onSuccess is done (e.g. the list it changed has refreshed)', async () => {
    let toastsDuringOnSuccess: unknown[] | undefined;
    await run(
      {
        mutationFn: () => Promise.resolve('ok'),
        onSuccess: async () => {
          await Promise.resolve();
          toastsDuringOnSuccess = shown();
        },
        meta: { success: 'Saved' },
      },
      undefined,
    );
    expect(toastsDuringOnSuccess).toEqual([]);
    expect(shown()).toEqual([{ kind: 'success', message: 'Saved' }]);
  });
});
