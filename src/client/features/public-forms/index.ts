/** The public forms' modals the marketing pages open. */
export {
  MembershipInterestModal,
  PortfolioEnquiryModal,
  ResearchEnquiryModal,
  WorkshopRegistrationModal,
} from './components/form-modals';
