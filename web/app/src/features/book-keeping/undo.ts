// Deleting an entry answers with a toast that can bring it back: the server
// keeps a deleted entry for 10 minutes (decision 019), the toast shows for 6 s.
import type { QueryClient } from '@tanstack/react-query';
import { t } from './texts';
import { showToast } from '@hiram/shared/ui/toastStore';
import { deleteBookKeeping } from './api/deleteBookKeeping';
import { BOOK_KEEPING_KEY } from './api/keys';
import { UNDO_TOAST_MS } from './rules';

/** Deletes the entry; on success offers Undo in the one toast. False when the server refused. */
export async function deleteWithUndo(id: number, queryClient: QueryClient): Promise<boolean> {
  const deleted = await deleteBookKeeping(id);
  if (!deleted.success) return false;
  // Marked stale, not fetched now: the open form would ask for the entry
  // just deleted, and its not-found toast would replace the one with Undo.
  void queryClient.invalidateQueries({ queryKey: [BOOK_KEEPING_KEY], refetchType: 'none' });
  // Shown as the form closes: kept over the return to the list.
  showToast(t('book.deleted'), UNDO_TOAST_MS, {
    keepOnNavigation: true,
    action: {
      label: t('book.undo'),
      run: () => {
        void deleteBookKeeping(id, true).then((restored) => {
          if (!restored.success) return;
          void queryClient.invalidateQueries({ queryKey: [BOOK_KEEPING_KEY] });
          showToast(t('book.restored'));
        });
      },
    },
  });
  return true;
}
