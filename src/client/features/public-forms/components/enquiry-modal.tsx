/**
 * An enquiry form (research, portfolio, membership interest) in the shared Modal: submitted as
 * `{type, formString}` to POST /api/contact-us with the toasts of its type.
 */
import { buildEnquiryBody } from '@shared/form-string';
import type { EnquiryFormDefinition } from '@shared/schemas/public-forms';
import type { z } from 'zod';
import { Modal } from '@client/components/modal';
import { useSubmitEnquiry } from '../api/submit-enquiry';
import type { AnyAnswers } from '../lib/form-answers';
import type { FormDraft } from '../lib/form-draft';
import type { FormModalProps } from './form-modal-props';
import { StepForm } from './step-form';

interface EnquiryModalProps extends FormModalProps {
  definition: EnquiryFormDefinition;
  schema: z.ZodType;
  draft?: FormDraft;
}

export function EnquiryModal({ definition, schema, draft, isOpen, onClose }: EnquiryModalProps) {
  const { mutateAsync } = useSubmitEnquiry();
  // Whether the answers reached the firm; the toasts are useSubmitEnquiry's.
  const submit = (answers: AnyAnswers) =>
    mutateAsync(buildEnquiryBody(definition, answers)).then(
      () => true,
      () => false,
    );
  return (
    <Modal isOpen={isOpen} title={definition.title} onClose={onClose}>
      <StepForm definition={definition} schema={schema} draft={draft} submit={submit} onSubmitted={onClose} />
    </Modal>
  );
}
