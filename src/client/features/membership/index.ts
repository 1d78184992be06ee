/** The membership steps the home page shows. */
export { MembershipWorkflow } from './components/membership-workflow';
