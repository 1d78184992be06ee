import { users } from '../db/schema';

/** A login as the app hands it out (the SessionUser shape): every column but the password hash. */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  member_id: users.member_id,
  account_id: users.account_id,
};
