/**
 * The fields a 400 or 409 of the API names (`{ error, fields }`), shown under the form's own
 * fields: a rule only the server can check (a price off its instrument's tick, a second Dhan
 * client on an individual Dhan key) reads like the form's own.
 */
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from './api';

/** The answer's `fields`, or none when the error is not such an answer. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) return {};
  try {
    const body = JSON.parse(error.body) as { fields?: unknown };
    if (!body.fields || typeof body.fields !== 'object') return {};
    return Object.fromEntries(
      Object.entries(body.fields as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** Sets each named field the form has (`names`) to the server's message; answers whether any was set. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const fields = serverFieldErrors(error);
  let shown = false;
  for (const name of names) {
    const message = fields[name];
    if (message) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/**
 * Every admin form's one line of plumbing: each field the server's refusal names shows the
 * server's own reason under it (the first one focused), the moment the save fails. A name the
 * form has no field for is kept by react-hook-form but shown nowhere: the toast carries the
 * reason too (refusalMessage).
 */
export function useServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  useEffect(() => {
    Object.entries(serverFieldErrors(error)).forEach(([name, message], index) =>
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
  }, [error, setError]);
}
