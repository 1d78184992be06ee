/**
 * A form's draft in localStorage under one key: written as the visitor types, read back when the
 * form opens again (also after a reload), removed after a successful submit. Storage that is full
 * or disabled (private mode) only means there is no draft.
 */
import type { FormDefinition } from '@shared/forms/form-definition';
import { storage } from '@client/lib/storage';
import { pickAnswers, type AnyAnswers } from './form-answers';

export interface FormDraft {
  read(): AnyAnswers;
  write(answers: AnyAnswers): void;
  clear(): void;
}

export function formDraft(key: string, definition: FormDefinition): FormDraft {
  return {
    read() {
      try {
        const stored = storage()?.getItem(key);
        return stored ? pickAnswers(definition, JSON.parse(stored)) : {};
      } catch {
        return {}; // unreadable draft: start blank
      }
    },
    write(answers) {
      try {
        storage()?.setItem(key, JSON.stringify(pickAnswers(definition, answers)));
      } catch {
        // quota exceeded or storage disabled: the form still works, only without a draft
      }
    },
    clear() {
      try {
        storage()?.removeItem(key);
      } catch {
        // nothing stored
      }
    },
  };
}
