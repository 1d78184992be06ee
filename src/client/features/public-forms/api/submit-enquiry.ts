/**
 * POST /api/contact-us with `{type, formString}` (spec sections 3 and 7), and the toasts of each
 * enquiry type (spec section 8).
 */
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { ContactUsBody, EnquiryType, SubmissionResponse } from '@shared/schemas/public-forms';
import { apiJson, jsonBody } from '@client/lib/api';
import { saveFailureMessage } from '@client/lib/save-failure';

const ENQUIRY_TOASTS: Record<EnquiryType, { success: string; failure: string }> = {
  'Research Enquiry': { success: MSG.enquirySuccess, failure: MSG.enquiryFailure },
  'Portfolio Enquiry': { success: MSG.enquirySuccess, failure: MSG.enquiryFailure },
  'Membership Interest': { success: MSG.membershipSuccess, failure: MSG.membershipFailure },
};

export const submitEnquiry = (body: ContactUsBody): Promise<SubmissionResponse> =>
  apiJson<SubmissionResponse>('/api/contact-us', jsonBody('POST', body));

export const useSubmitEnquiry = () =>
  useMutation({
    mutationFn: submitEnquiry,
    meta: {
      success: (_answer, { type }: ContactUsBody) => ENQUIRY_TOASTS[type].success,
      failure: (error, { type }: ContactUsBody) => saveFailureMessage(error, ENQUIRY_TOASTS[type].failure),
    },
  });
