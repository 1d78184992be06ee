/**
 * POST /api/workshop-enquiry (spec sections 3 and 7): `{name, email, source, comments, workshop}`.
 * The form's required phone is not part of the payload; `workshop` is the workshop's "title plus
 * date", or N.A. when the form was opened without one.
 */
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { WorkshopRegistrationAnswers } from '@shared/forms/workshop-registration';
import { WORKSHOP_NOT_APPLICABLE, workshopLabel } from '@shared/forms/workshop-schedule';
import type { SubmissionResponse, Workshop, WorkshopEnquiryBody } from '@shared/schemas/public-forms';
import { apiJson, jsonBody } from '@client/lib/api';
import { saveFailureMessage } from '@client/lib/save-failure';

export function workshopEnquiryBody(
  answers: WorkshopRegistrationAnswers,
  workshop: Workshop | null,
): WorkshopEnquiryBody {
  return {
    name: answers.name,
    email: answers.email,
    source: answers.source,
    comments: answers.comments,
    workshop: workshop ? workshopLabel(workshop) : WORKSHOP_NOT_APPLICABLE,
  };
}

export const registerForWorkshop = (body: WorkshopEnquiryBody): Promise<SubmissionResponse> =>
  apiJson<SubmissionResponse>('/api/workshop-enquiry', jsonBody('POST', body));

export const useRegisterForWorkshop = () =>
  useMutation({
    mutationFn: registerForWorkshop,
    meta: { success: MSG.workshopSuccess, failure: (error) => saveFailureMessage(error, MSG.workshopFailure) },
  });
