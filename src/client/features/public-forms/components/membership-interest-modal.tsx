import { membershipInterestForm, membershipInterestSchema } from '@shared/forms/membership-interest';
import { EnquiryModal } from './enquiry-modal';
import type { FormModalProps } from './form-modal-props';

export function MembershipInterestModal(props: FormModalProps) {
  return <EnquiryModal definition={membershipInterestForm} schema={membershipInterestSchema} {...props} />;
}
