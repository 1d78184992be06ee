/** The admin routes' 404. (Ids in paths are checked by pathIds, validation.ts.) */
import { ApiError, STATUS } from '../../http/api-errors';

export function notFound(what: string): ApiError {
  return new ApiError(STATUS.NOT_FOUND, `${what} not found`);
}
