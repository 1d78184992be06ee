/**
 * The public forms' modals as the pages use them. Each form, with its definition and zod schema,
 * is a separate chunk loaded the first time its modal opens (or earlier, on `preload()` when a
 * Contact Us or Register button is hovered or focused), so the pages stay light. Once loaded the
 * modal stays mounted, so Ionic can animate it open and closed.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { DelayedSpinner } from '@client/components/delayed-spinner';
import type { FormModalProps } from './form-modal-props';
import './form-modals.css';

function deferredModal<P extends FormModalProps>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  function DeferredModal(props: P) {
    const [opened, setOpened] = useState(props.isOpen);
    if (props.isOpen && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense
        fallback={
          <div className="form-modal-loading">
            <DelayedSpinner label="Opening the form" />
          </div>
        }
      >
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(DeferredModal, { preload: () => void load() });
}

export const ResearchEnquiryModal = deferredModal(() =>
  import('./research-enquiry-modal').then((m) => m.ResearchEnquiryModal),
);
export const PortfolioEnquiryModal = deferredModal(() =>
  import('./portfolio-enquiry-modal').then((m) => m.PortfolioEnquiryModal),
);
export const MembershipInterestModal = deferredModal(() =>
  import('./membership-interest-modal').then((m) => m.MembershipInterestModal),
);
export const WorkshopRegistrationModal = deferredModal(() =>
  import('./workshop-registration-modal').then((m) => m.WorkshopRegistrationModal),
);
