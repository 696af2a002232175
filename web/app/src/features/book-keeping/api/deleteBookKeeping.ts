import { formClient } from '@hiram/shared/api/request';

export const DELETE_PATH = '/book-keeping/delete-book-keeping';

/** Deletes an entry, or with `undo` brings it back (the server allows 10 minutes). */
export function deleteBookKeeping(id: number, undo = false) {
  return formClient.post<null>(DELETE_PATH, { id, undo: undo ? 1 : undefined });
}
