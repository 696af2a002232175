import { formApi } from '@hiram/shared/api/endpoints';

export const DELETE_PATH = '/book-keeping/delete-book-keeping';

/** Deletes an entry, or with `undo` brings it back (the server allows 10 minutes). */
export function deleteBookKeeping(id: number, undo = false) {
  return formApi.post(DELETE_PATH, { id, undo: undo ? 1 : undefined });
}
