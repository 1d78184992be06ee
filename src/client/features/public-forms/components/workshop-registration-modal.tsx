/**
 * Workshop registration (spec sections 3 and 5): the form collects name, email, phone, source and
 * comments; POST /api/workshop-enquiry gets everything but the phone, plus the workshop's "title
 * plus date" (N.A. when opened without a workshop).
 */
import {
  workshopRegistrationForm,
  workshopRegistrationSchema,
  type WorkshopRegistrationAnswers,
} from '@shared/forms/workshop-registration';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import type { Workshop } from '@shared/schemas/public-forms';
import { Modal } from '@client/components/modal';
import { useRegisterForWorkshop, workshopEnquiryBody } from '../api/register-workshop';
import type { AnyAnswers } from '../lib/form-answers';
import type { FormModalProps } from './form-modal-props';
import { StepForm } from './step-form';

export interface WorkshopRegistrationModalProps extends FormModalProps {
  workshop: Workshop | null;
}

export function WorkshopRegistrationModal({ workshop, isOpen, onClose }: WorkshopRegistrationModalProps) {
  const { mutateAsync } = useRegisterForWorkshop();
  // Whether the answers reached the firm; the toasts are useRegisterForWorkshop's.
  const submit = (answers: AnyAnswers) =>
    mutateAsync(workshopEnquiryBody(answers as WorkshopRegistrationAnswers, workshop)).then(
      () => true,
      () => false,
    );
  const intro = (
    <p className="step-form-intro">
      {workshop ? (
        <>
          Registering for <strong>{workshopLabel(workshop)}</strong>, {workshop.time_label}.
        </>
      ) : (
        'Tell us how to reach you and we will invite you to the next workshop.'
      )}
    </p>
  );
  return (
    <Modal isOpen={isOpen} title={workshopRegistrationForm.title} onClose={onClose}>
      <StepForm
        definition={workshopRegistrationForm}
        schema={workshopRegistrationSchema}
        submit={submit}
        onSubmitted={onClose}
        submitLabel="Register"
        intro={intro}
      />
    </Modal>
  );
}
