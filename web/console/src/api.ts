// The console's calls: the shared request helper on /api/console, without the
// borrower session (staff carry the HttpOnly `hiram_console` cookie, Path
// /api/console, which same-origin calls send). A 401 on any call after
// sign-in means the session ended: listeners take the console back to the
// sign-in form. Each call is typed by its path in the server's OpenAPI
// document: the console's own paths and the staff API's, which the server
// answers under /api/console as well (server: features/mod.rs, staff_api).
import { useQuery } from '@tanstack/react-query';
import { endpoints, type Fields, type Reply } from '@hiram/shared/api/endpoints';
import { createClient, type ApiResult, type Body, type Client, type Params, type RequestOptions } from '@hiram/shared/api/request';
import type { components } from '@hiram/shared/api/schema.gen';

export type Me = components['schemas']['Me'];
export type InboxEntry = components['schemas']['InboxEntry'];
export type AgentRating = components['schemas']['AgentRating'];
export type StaffPicture = components['schemas']['StaffPicture'];
export type AuditRow = components['schemas']['AuditRow'];
export type QueuedPayment = components['schemas']['QueuedPayment'];
export type OutboxMessage = components['schemas']['OutboxMessage'];
export type AdjustmentRow = components['schemas']['AdjustmentRow'];
export type ReversalRow = components['schemas']['ReversalRow'];
export type OrderListRow = components['schemas']['OrderListRow'];
export type OrderRecord = components['schemas']['OrderRecord'];
export type BorrowerRow = components['schemas']['BorrowerRow'];
export type BorrowerProfile = components['schemas']['BorrowerProfile'];
export type RevealedData = components['schemas']['RevealedData'];
export type ProductView = components['schemas']['ProductView'];
export type Catalogue = components['schemas']['Catalogue'];
export type TermsCheck = components['schemas']['TermsCheck'];
export type FailedPayoutRow = components['schemas']['FailedPayoutRow'];
export type ReconciliationLine = components['schemas']['ReconciliationLine'];
export type TrialBalanceLine = components['schemas']['TrialBalanceLineView'];
export type StatementLine = components['schemas']['StatementLineView'];
export type Dashboard = components['schemas']['Dashboard'];

/** One page of a server-paged table (`features/staff/listing.rs`). */
export interface Listing<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}
export type CollectionRow = components['schemas']['CollectionRow'];
export type ContactRow = components['schemas']['ContactRow'];
export type ContactLogged = components['schemas']['ContactLogged'];

export const CONSOLE_PREFIX = '/api/console';

const client = createClient('form', { prefix: CONSOLE_PREFIX, carrySession: false });

const endedListeners = new Set<() => void>();

/** Called when a call answers 401: the session expired or was ended elsewhere. */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

function watched<T>(result: ApiResult<T>): ApiResult<T> {
  if (result.code === '401') endedListeners.forEach((listener) => listener());
  return result;
}

/** Where the document keeps the paths the console calls. */
type ConsolePaths = '/api/console' | '/api/staff';

const watchedClient: Client = {
  get: async <T>(path: string, params?: Params, options?: RequestOptions) => watched(await client.get<T>(path, params, options)),
  post: async <T>(path: string, body?: Body, options?: RequestOptions) => watched(await client.post<T>(path, body, options)),
};

/** A console call by path; a 401 takes the console back to sign-in. */
export const { get, post } = endpoints<ConsolePaths>(watchedClient);
/** The calls that expect a 401 (who is signed in, signing in and out): no watch. */
const unwatched = endpoints<ConsolePaths>(client);

/**
 * What a query holds: the reply's data, or null when the call failed (the
 * request helper has said why). Each query key starts with its section's
 * key below; a change invalidates by it.
 */
export const dataOf = async <T>(call: Promise<ApiResult<T>>): Promise<T | null> => (await call).data;

/** Who is signed in; 401 (quietly) when nobody is. */
export const fetchMe = () => unwatched.get('/me', {}, { silent: true });

/** Signs in; the form shows a refusal itself, so no toast. */
export const signIn = (email: string, password: string, code: string) =>
  unwatched.post('/login', { email, password, code }, { silent: true });

export const signOut = () => unwatched.post('/logout', {}, { silent: true });

export type ComplaintStatusFilter = 'open' | 'answered' | 'closed' | 'all';
export const MAX_ANSWER_CHARS = 2000;
/** At most this many pictures with an answer (the server's complaint limit). */
export const MAX_ANSWER_PICTURES = 9;

/** The inbox a page at a time, or (`reference`) the one complaint a borrower's complaint number names. */
export const fetchComplaints = (status: ComplaintStatusFilter, page: number, pageSize = 25, reference = '') =>
  get('/complaints', reference ? { reference, pageSize } : { status, page, pageSize });
export const fetchRatings = () => get('/complaints/ratings', {});
/** Quiet: the form shows a refused answer beside it, and `refusedField` toasts the rest. */
export const answerComplaint = (id: number, answer: string, pictures: readonly string[]) =>
  post('/complaints/answer', { id, answer, images: pictures.join(',') }, { silent: true });
export const closeComplaint = (id: number) => post('/complaints/close', { id });

export const COMPLAINTS_KEY = 'complaints';
export const useComplaints = (status: ComplaintStatusFilter, page: number, reference = '') =>
  useQuery({
    queryKey: [COMPLAINTS_KEY, 'inbox', status, page, reference],
    queryFn: () => dataOf(fetchComplaints(status, page, 25, reference)),
  });
export const useRatings = () => useQuery({ queryKey: [COMPLAINTS_KEY, 'ratings'], queryFn: () => dataOf(fetchRatings()) });

/** Uploads a picture for the answer to a complaint; the reply names it. */
export function uploadAnswerPicture(complaintId: number, file: Blob, fileName = 'picture') {
  const form = new FormData();
  form.append('image', file, fileName);
  // The complaint goes in the address beside the picture's multipart body, so not by path.
  const path = `/complaints/upload-image?complaintId=${encodeURIComponent(complaintId)}`;
  return watchedClient.post<Reply<'/api/staff/complaints/upload-image', 'post'>>(path, form);
}

/**
 * The console's address of an uploaded picture. The inbox names pictures
 * by their staff-API address (`/api/staff/uploads/…`), which only the API
 * token opens; under /api/console the session cookie goes with them.
 */
export function pictureUrl(urlOrName: string): string {
  const name = urlOrName.slice(urlOrName.lastIndexOf('/') + 1);
  return `${CONSOLE_PREFIX}/uploads/${encodeURIComponent(name)}`;
}

/** The audit log a page at a time, of every record or of one (`order:12`). */
export const fetchAudit = (subject: string, page: number, pageSize = 100) =>
  get('/audit', { subject: subject || undefined, page, pageSize });
export const useAudit = (subject: string, page: number) =>
  useQuery({ queryKey: ['audit', subject, page], queryFn: () => dataOf(fetchAudit(subject, page)) });

export type PaymentStatusFilter = 'pending' | 'matched' | 'rejected' | 'all';
export const fetchUnposted = (status: PaymentStatusFilter, page: number, pageSize = 25) =>
  get('/unposted-payments', { status, page, pageSize });
/** Quiet, as every console save whose form shows a refused field beside it (`refusalOf`). */
export const matchPayment = (id: number, orderId: string, note: string) =>
  post('/unposted-payments/match', { id, orderId: orderId.trim() || undefined, note }, { silent: true });
export const rejectPayment = (id: number, note: string) => post('/unposted-payments/reject', { id, note }, { silent: true });
export const UNPOSTED_KEY = 'unposted-payments';
export const useUnposted = (status: PaymentStatusFilter, page: number) =>
  useQuery({ queryKey: [UNPOSTED_KEY, status, page], queryFn: () => dataOf(fetchUnposted(status, page)) });

export const fetchOutbox = (phone: string, limit = 50) =>
  get('/sms-outbox', { limit, phone: phone.trim() || undefined });
export const useOutbox = (phone: string, limit: number) =>
  useQuery({ queryKey: ['sms-outbox', phone, limit], queryFn: () => dataOf(fetchOutbox(phone, limit)) });

/** The largest page the server gives; exports walk the pages at this size. */
export const MAX_PAGE_SIZE = 100;

export type OrderSort = 'newest' | 'oldest' | 'largest' | 'due';
export interface OrderFilter {
  status: string;
  orderNo: string;
  sort: OrderSort;
}
export const fetchOrders = (filter: OrderFilter, page: number, pageSize = 25) =>
  get('/orders', {
    status: filter.status || undefined,
    orderNo: filter.orderNo.trim() || undefined,
    sort: filter.sort,
    page,
    pageSize,
  });
export const fetchOrder = (id: number) => get('/orders/record', { id });
/** Quiet: the form shows a refused reason beside it, and `refusedField` toasts the rest. */
export const decideApplication = (id: number, decision: 'approve' | 'reject', reason: string) =>
  post('/orders/decide', { id, decision, reason }, { silent: true });
/** Lists and records alike: a decision changes both. */
export const ORDERS_KEY = 'orders';
export const useOrders = (filter: OrderFilter, page: number, pageSize: number) =>
  useQuery({ queryKey: [ORDERS_KEY, 'list', filter, page, pageSize], queryFn: () => dataOf(fetchOrders(filter, page, pageSize)) });
export const useOrder = (id: number) => useQuery({ queryKey: [ORDERS_KEY, 'record', id], queryFn: () => dataOf(fetchOrder(id)) });

export const searchBorrowers = (q: string, page: number, pageSize = 25) =>
  get('/borrowers', { q: q || undefined, page, pageSize });
export const fetchBorrower = (id: number) => get('/borrowers/profile', { id });
/** Quiet: the dialog shows a refused reason beside it. */
export const revealBorrower = (id: number, reason: string) => post('/borrowers/reveal', { id, reason }, { silent: true });
/** Quiet: the dialog shows a refused reason beside it (decision 092). */
export const reviewIdentity = (id: number, outcome: 'approved' | 'rejected', reason: string) =>
  post('/borrowers/identity-review', { id, outcome, reason }, { silent: true });
/** Without a search (q empty), every borrower, newest first. */
export const useBorrowerSearch = (q: string, page: number, pageSize: number) =>
  useQuery({ queryKey: ['borrowers', 'search', q, page, pageSize], queryFn: () => dataOf(searchBorrowers(q, page, pageSize)) });
export const useBorrower = (id: number) => useQuery({ queryKey: ['borrowers', 'profile', id], queryFn: () => dataOf(fetchBorrower(id)) });

/** A save's form as its dialog holds it: each field the call documents, as the text typed (the server reads numbers from text). */
export type TypedForm<Documented> = { [Name in keyof Documented]-?: string };

/** A product form's fields as the server reads them (amounts in centavos, rates in basis points). */
export type ProductForm = Fields<'/api/staff/products', 'post'>;

export const fetchCatalogue = () => get('/products', {});
export const PRODUCTS_KEY = 'products';
export const useCatalogue = () => useQuery({ queryKey: [PRODUCTS_KEY], queryFn: () => dataOf(fetchCatalogue()) });
/** The live check: quiet, since the editor shows what is wrong itself. */
export const checkTerms = (form: ProductForm) => post('/products/check', { ...form }, { silent: true });
/** The check of a draft's terms; nothing is asked while the draft has figures that are not numbers (null). */
export const useTermsCheck = (form: ProductForm | null) =>
  useQuery({
    queryKey: ['product-terms', form],
    queryFn: () => (form ? dataOf(checkTerms(form)) : null),
    enabled: form !== null,
  });
export const createProduct = (form: ProductForm) => post('/products', { ...form }, { idempotent: true });
/** What staff may change of a product once it exists: its listing, never its terms. */
export type ListingForm = Omit<Fields<'/api/staff/products/listing', 'post'>, 'id'>;
export const updateListing = (id: number, listing: ListingForm) =>
  post('/products/listing', { id, ...listing });

export const fetchFailedPayouts = (page: number, pageSize = 25) =>
  get('/payouts/failed', { page, pageSize });
export const fetchReconciliation = (from: string, to: string) =>
  get('/reconciliation', { from: from || undefined, to: to || undefined });
export const useFailedPayouts = (page: number, pageSize: number) =>
  useQuery({ queryKey: ['money', 'failed-payouts', page, pageSize], queryFn: () => dataOf(fetchFailedPayouts(page, pageSize)) });
export const useReconciliation = (from: string, to: string) =>
  useQuery({ queryKey: ['money', 'reconciliation', from, to], queryFn: () => dataOf(fetchReconciliation(from, to)) });

export const useBookLenders = () => useQuery({ queryKey: ['books', 'lenders'], queryFn: () => dataOf(get('/general-ledger/lenders', {})) });
/** A lender's trial balance at the end of `date` (today when empty); waits for a lender. */
export const useTrialBalance = (lenderId: number, date: string) =>
  useQuery({
    queryKey: ['books', 'trial-balance', lenderId, date],
    queryFn: () => dataOf(get('/general-ledger/trial-balance', { lenderId, date: date || undefined })),
    enabled: lenderId > 0,
  });

/** A lender's assets, liabilities and equity at the end of `date` (today when empty). */
export const useBalanceSheet = (lenderId: number, date: string) =>
  useQuery({
    queryKey: ['books', 'balance-sheet', lenderId, date],
    queryFn: () => dataOf(get('/general-ledger/balance-sheet', { lenderId, date: date || undefined })),
    enabled: lenderId > 0,
  });
/** What a lender earned and spent from `from` to `to` (this month to today when empty). */
export const useIncomeStatement = (lenderId: number, from: string, to: string) =>
  useQuery({
    queryKey: ['books', 'income-statement', lenderId, from, to],
    queryFn: () => dataOf(get('/general-ledger/income-statement', { lenderId, from: from || undefined, to: to || undefined })),
    enabled: lenderId > 0,
  });

export const fetchDashboard = (days: number) => get('/dashboard', { days });
export const useDashboard = (days: number) => useQuery({ queryKey: ['dashboard', days], queryFn: () => dataOf(fetchDashboard(days)) });
/** Days past due the collections queue filters by (server: DpdBucket). */
export const DPD_BUCKETS = ['1-30', '31-60', '61-90', '91+'] as const;
export type BucketFilter = 'all' | (typeof DPD_BUCKETS)[number];
export const QUEUE_SORTS = ['days_past_due_desc', 'days_past_due_asc', 'amount_owed_desc', 'amount_owed_asc'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const CONTACT_CHANNELS = ['call', 'sms', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_OUTCOMES = ['reached', 'no_answer', 'promised_to_pay', 'refused_to_pay', 'wrong_number'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const MAX_CONTACT_NOTE = 500;
export const COLLECTIONS_PAGE_SIZE = 25;

export interface QueueFilters {
  bucket: BucketFilter;
  sort: QueueSort;
}

const filterParams = ({ bucket, sort }: QueueFilters) => ({ bucket: bucket === 'all' ? undefined : bucket, sort });

/** One page of overdue loans; the server filters, sorts and pages. */
export const fetchCollections = (filters: QueueFilters, page: number, pageSize = COLLECTIONS_PAGE_SIZE) =>
  get('/collections', { ...filterParams(filters), page, pageSize });

export const fetchContacts = (orderId: number) => get('/collections/contacts', { orderId });

/** The queue and each loan's contacts: a logged contact changes both. */
export const COLLECTIONS_KEY = 'collections';
export const useCollections = (filters: QueueFilters, page: number) =>
  useQuery({ queryKey: [COLLECTIONS_KEY, 'queue', filters, page], queryFn: () => dataOf(fetchCollections(filters, page)) });
export const useContacts = (orderId: number) =>
  useQuery({ queryKey: [COLLECTIONS_KEY, 'contacts', orderId], queryFn: () => dataOf(fetchContacts(orderId)) });

/** Logs a contact with the order's borrower; the form shows a refusal itself, so no toast. */
export const logContact = (orderId: number, channel: ContactChannel, outcome: ContactOutcome, note: string) =>
  post('/collections/contacts', { orderId, channel, outcome, note }, { idempotent: true, silent: true });

export type AdjustmentStatusFilter = 'proposed' | 'approved' | 'rejected' | 'all';
/** The charges a waiver can lower; principal is never waived. */
export type WaivableCharge = 'penalties' | 'fees' | 'interest';
export const fetchAdjustments = (status: AdjustmentStatusFilter) => get('/adjustments', { status });
export const ADJUSTMENTS_KEY = 'adjustments';
export const useAdjustments = (status: AdjustmentStatusFilter) =>
  useQuery({ queryKey: [ADJUSTMENTS_KEY, status], queryFn: () => dataOf(fetchAdjustments(status)) });
/** Sent under an Idempotency-Key: a proposal sent again after a lost answer is proposed once. */
export const proposeAdjustment = (orderId: number, bucket: WaivableCharge, amount: number, reason: string) =>
  post('/adjustments/propose', { orderId, bucket, amount, reason }, { idempotent: true, silent: true });
export const decideAdjustment = (id: number, approve: boolean) =>
  post(approve ? '/adjustments/approve' : '/adjustments/reject', { id });

export type ReversalStatusFilter = 'proposed' | 'approved' | 'rejected' | 'all';
export const fetchReversals = (status: ReversalStatusFilter) => get('/reversals', { status });
export const REVERSALS_KEY = 'reversals';
export const useReversals = (status: ReversalStatusFilter) =>
  useQuery({ queryKey: [REVERSALS_KEY, status], queryFn: () => dataOf(fetchReversals(status)) });
/** `amount` in centavos; left out, the whole payment is taken back. */
export const proposeReversal = (orderId: number, entryId: number, amount: number | undefined, reason: string) =>
  post('/reversals/propose', amount === undefined ? { orderId, entryId, reason } : { orderId, entryId, amount, reason }, { idempotent: true, silent: true });
export const approveReversal = (id: number) => post('/reversals/approve', { id });
export const rejectReversal = (id: number) => post('/reversals/reject', { id });
