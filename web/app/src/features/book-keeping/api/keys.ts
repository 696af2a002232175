// Every query of the book starts with this key: a save, a delete or an undo
// invalidates them all (the list, the statistics and the entry change together).
export const BOOK_KEEPING_KEY = 'book-keeping';
