// Closing a lender's books (view_money to read the closes, close_books to
// close): finance closes them through a day, or through a month's last day,
// and from then on nothing posts into those days (decision 069). A refused
// close names its field; the dialog shows the server's words beside it.
// And the lender's open loans by days past due (decision 070), and its
// journals, its provision matrix and its write-offs under maker-checker
// (decisions 071, 072, 073).
import { useQuery } from '@tanstack/react-query';
import type { Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type TypedForm } from '../api';

export type BooksClose = components['schemas']['BooksCloseView'];
export type Share = components['schemas']['PortfolioShareView'];
export type Journal = components['schemas']['JournalView'];
export type ChartAccount = components['schemas']['ChartAccountView'];
export type Matrix = components['schemas']['MatrixView'];

/** A close as asked: the lender, `day` or `month`, the day (`YYYY-MM-DD`) and a note. */
export type CloseForm = TypedForm<Fields<'/api/staff/general-ledger/close', 'post'>>;

export const BOOKS_KEY = 'books';
export const useBooksCloses = (lenderId: number) =>
  useQuery({
    queryKey: [BOOKS_KEY, 'closes', lenderId],
    queryFn: () => dataOf(get('/general-ledger/closes', { lenderId })),
    enabled: lenderId > 0,
  });
/** A close as asked; the override goes only when finance ticked it, after a refusal over unmatched statement lines. */
export const closeBooks = (form: CloseForm) =>
  post('/general-ledger/close', { ...form, overrideUnmatched: form.overrideUnmatched === 'true' ? true : undefined }, { silent: true });

/** A lender's loans by days past due at the end of `date` (today when empty), as the daily run kept them. */
export const useAging = (lenderId: number, date: string) =>
  useQuery({
    queryKey: [BOOKS_KEY, 'aging', lenderId, date],
    queryFn: () => dataOf(get('/general-ledger/aging', { lenderId, date: date || undefined })),
    enabled: lenderId > 0,
  });

/** The chart of accounts, in its order. */
export const useChart = () => useQuery({ queryKey: [BOOKS_KEY, 'chart'], queryFn: () => dataOf(get('/general-ledger/chart', {})) });
/** A lender's journals, the latest first. */
export const useJournals = (lenderId: number) =>
  useQuery({
    queryKey: [BOOKS_KEY, 'journals', lenderId],
    queryFn: () => dataOf(get('/general-ledger/journals', { lenderId })),
    enabled: lenderId > 0,
  });
/** A journal as typed: the lender, a memo, and its lines as a JSON list (amounts in centavos). */
export type JournalForm = TypedForm<Fields<'/api/staff/general-ledger/journals/propose', 'post'>>;
export const proposeJournal = (form: JournalForm) => post('/general-ledger/journals/propose', { ...form }, { idempotent: true, silent: true });
export const reverseJournal = (id: number) => post('/general-ledger/journals/reverse', { id });
export const decideJournal = (id: number, approve: boolean) => post(approve ? '/general-ledger/journals/approve' : '/general-ledger/journals/reject', { id });

/** A lender's allowance on `date` (today when empty): what its matrix asks and what the books hold, and its matrices. */
export const useProvisions = (lenderId: number, date: string) =>
  useQuery({
    queryKey: [BOOKS_KEY, 'provisions', lenderId, date],
    queryFn: () => dataOf(get('/general-ledger/provisions', { lenderId, date: date || undefined })),
    enabled: lenderId > 0,
  });
/** A matrix as typed: the lender and each bucket's rate in basis points. */
export type MatrixForm = TypedForm<Fields<'/api/staff/general-ledger/provisions/propose', 'post'>>;
export const proposeMatrix = (form: MatrixForm) => post('/general-ledger/provisions/propose', { ...form }, { idempotent: true, silent: true });
export const decideMatrix = (id: number, approve: boolean) => post(approve ? '/general-ledger/provisions/approve' : '/general-ledger/provisions/reject', { id });

export type WriteOff = components['schemas']['WriteOffView'];
/** The write-offs of a lender's loans, the latest first. */
export const useWriteOffs = (lenderId: number) =>
  useQuery({
    queryKey: [BOOKS_KEY, 'write-offs', lenderId],
    queryFn: () => dataOf(get('/general-ledger/write-offs', { lenderId })),
    enabled: lenderId > 0,
  });
/** A write-off as typed: the loan (its order id) and why. */
export type WriteOffForm = TypedForm<Fields<'/api/staff/general-ledger/write-offs/propose', 'post'>>;
export const proposeWriteOff = (form: WriteOffForm) => post('/general-ledger/write-offs/propose', { ...form }, { idempotent: true, silent: true });
export const decideWriteOff = (id: number, approve: boolean) => post(approve ? '/general-ledger/write-offs/approve' : '/general-ledger/write-offs/reject', { id });

export type Statement = components['schemas']['StatementView'];
export type StatementItem = components['schemas']['StatementItemView'];
/** The providers' statements brought in, the latest day first. */
export const useStatements = () => useQuery({ queryKey: [BOOKS_KEY, 'statements'], queryFn: () => dataOf(get('/general-ledger/statements', {})) });
/** The statement lines still open that touch a lender's books, oldest day first. */
export const useStatementWorklist = (lenderId: number) =>
  useQuery({
    queryKey: [BOOKS_KEY, 'statement-worklist', lenderId],
    queryFn: () => dataOf(get('/general-ledger/statements/worklist', { lenderId })),
    enabled: lenderId > 0,
  });
/** A statement as brought in: the provider, its day and its CSV. */
export type StatementForm = TypedForm<Fields<'/api/staff/general-ledger/statements/import', 'post'>>;
export const importStatement = (form: StatementForm) => post('/general-ledger/statements/import', { ...form }, { idempotent: true, silent: true });
/** Asks the provider Hiram collects through for its own statement of a day (decision 080). */
export const fetchStatement = (provider: string, date: string) => post('/general-ledger/statements/fetch', { provider, date }, { idempotent: true, silent: true });
export const resolveStatementItem = (id: number, resolution: string) => post('/general-ledger/statements/resolve', { id, resolution }, { silent: true });

export type AccountProposal = components['schemas']['AccountProposalView'];
/** Accounts proposed for the chart, the latest first. */
export const useChartProposals = () =>
  useQuery({ queryKey: [BOOKS_KEY, 'chart-proposals'], queryFn: () => dataOf(get('/general-ledger/chart/proposals', {})) });
/** An account as typed: its code, name and kind. */
export type AccountForm = TypedForm<Fields<'/api/staff/general-ledger/chart/propose', 'post'>>;
export const proposeAccount = (form: AccountForm) => post('/general-ledger/chart/propose', { ...form }, { idempotent: true, silent: true });
export const decideAccount = (id: number, approve: boolean) => post(approve ? '/general-ledger/chart/approve' : '/general-ledger/chart/reject', { id });
