import { researchEnquiryForm, researchEnquirySchema } from '@shared/forms/research-enquiry';
import { EnquiryModal } from './enquiry-modal';
import type { FormModalProps } from './form-modal-props';

export function ResearchEnquiryModal(props: FormModalProps) {
  return <EnquiryModal definition={researchEnquiryForm} schema={researchEnquirySchema} {...props} />;
}
