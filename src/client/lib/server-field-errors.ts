/**
 * The fields a 400 or 409 of the API names (`{ error, fields }`), shown under the form's own
 * fields: a rule only the server can check (a price off its instrument's tick, a second Dhan
 * client on an individual Dhan key) reads like the form's own.
 */
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorBody, HttpError } from './api';

/** The answer's `fields`, or none when the error is not such an answer. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) return {};
  const fields = apiErrorBody(error.body)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Shows each message under its field, the first one focused. */
function setServerErrors<T extends FieldValues>(messages: [Path<T>, string][], setError: UseFormSetError<T>): void {
  messages.forEach(([name, message], index) =>
    setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
}

/** Sets each named field the form has (`names`) to the server's message. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  const fields = serverFieldErrors(error);
  const named = names.filter((name) => fields[name]).map((name): [Path<T>, string] => [name, fields[name]!]);
  setServerErrors(named, setError);
}

/**
 * Every admin form's one line of plumbing: each field the server's refusal names shows the
 * server's own reason under it (the first one focused), the moment the save fails. A name the
 * form has no field for is kept by react-hook-form but shown nowhere: the toast carries the
 * reason too (refusalMessage).
 */
export function useServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  useEffect(() => {
    setServerErrors(Object.entries(serverFieldErrors(error)) as [Path<T>, string][], setError);
  }, [error, setError]);
}
