/** The portfolio enquiry keeps a draft in localStorage (spec section 3) under PORTFOLIO_DRAFT_KEY. */
import { PORTFOLIO_DRAFT_KEY, portfolioEnquiryForm, portfolioEnquirySchema } from '@shared/forms/portfolio-enquiry';
import { formDraft } from '../lib/form-draft';
import { EnquiryModal } from './enquiry-modal';
import type { FormModalProps } from './form-modal-props';

const draft = formDraft(PORTFOLIO_DRAFT_KEY, portfolioEnquiryForm);

export function PortfolioEnquiryModal(props: FormModalProps) {
  return <EnquiryModal definition={portfolioEnquiryForm} schema={portfolioEnquirySchema} draft={draft} {...props} />;
}
