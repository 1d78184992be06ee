/** The membership steps the home page shows. */
export { MembershipWorkflow } from './components/membership-workflow';
/** The member's membership card (Account Settings). */
export { MyMembershipCard } from './components/my-membership';
