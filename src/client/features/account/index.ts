/** The broker connection pieces the admin's member accounts reuse. */
export { useBrokerLoginOutcome } from './api/broker-login';
export { BrokerConnect } from './components/broker-connect';
export { BrokerForm } from './components/broker-form';
