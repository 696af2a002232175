// The console's calls: the shared request helper on /api/console, without the
// borrower session (staff carry the HttpOnly `hiram_console` cookie, Path
// /api/console, which same-origin calls send). A 401 on any call after
// sign-in means the session ended: listeners take the console back to the
// sign-in form.
import { createClient, type ApiResult, type Body, type Params, type RequestOptions } from '@hiram/shared/api/request';
import type { components } from '@hiram/shared/api/schema.gen';

export type Me = components['schemas']['Me'];
export type InboxEntry = components['schemas']['InboxEntry'];
export type AgentRating = components['schemas']['AgentRating'];
export type StaffPicture = components['schemas']['StaffPicture'];
export type AuditRow = components['schemas']['AuditRow'];
export type QueuedPayment = components['schemas']['QueuedPayment'];
export type OutboxMessage = components['schemas']['OutboxMessage'];
export type AdjustmentRow = components['schemas']['AdjustmentRow'];
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

/** A console call; a 401 takes the console back to sign-in. */
export const get = async <T>(path: string, params?: Params, options?: RequestOptions) =>
  watched(await client.get<T>(path, params, options));
export const post = async <T>(path: string, body?: Body, options?: RequestOptions) =>
  watched(await client.post<T>(path, body, options));

/** Who is signed in; 401 (quietly) when nobody is. */
export const fetchMe = () => client.get<Me>('/me', undefined, { silent: true });

/** Signs in; the form shows a refusal itself, so no toast. */
export const signIn = (email: string, password: string, code: string) =>
  client.post<Me>('/login', { email, password, code }, { silent: true });

export const signOut = () => client.post<null>('/logout', {}, { silent: true });

export type ComplaintStatusFilter = 'open' | 'answered' | 'closed' | 'all';
export const MAX_ANSWER_CHARS = 2000;
/** At most this many pictures with an answer (the server's complaint limit). */
export const MAX_ANSWER_PICTURES = 9;

export const fetchComplaints = (status: ComplaintStatusFilter, page: number, pageSize = 25) =>
  get<Listing<InboxEntry>>('/complaints', { status, page, pageSize });
export const fetchRatings = () => get<AgentRating[]>('/complaints/ratings');
export const answerComplaint = (id: number, answer: string, pictures: readonly string[]) =>
  post<null>('/complaints/answer', { id, answer, images: pictures.join(',') });
export const closeComplaint = (id: number) => post<null>('/complaints/close', { id });

/** Uploads a picture for the answer to a complaint; the reply names it. */
export function uploadAnswerPicture(complaintId: number, file: Blob, fileName = 'picture') {
  const form = new FormData();
  form.append('image', file, fileName);
  return post<StaffPicture>(`/complaints/upload-image?complaintId=${encodeURIComponent(complaintId)}`, form);
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
  get<Listing<AuditRow>>('/audit', { subject: subject || undefined, page, pageSize });

export type PaymentStatusFilter = 'pending' | 'matched' | 'rejected' | 'all';
export const fetchUnposted = (status: PaymentStatusFilter, page: number, pageSize = 25) =>
  get<Listing<QueuedPayment>>('/unposted-payments', { status, page, pageSize });
export const matchPayment = (id: number, orderId: string, note: string) =>
  post<null>('/unposted-payments/match', { id, orderId: orderId.trim() || undefined, note });
export const rejectPayment = (id: number, note: string) => post<null>('/unposted-payments/reject', { id, note });

export const fetchOutbox = (phone: string, limit = 50) =>
  get<OutboxMessage[]>('/sms-outbox', { limit, phone: phone.trim() || undefined });

/** The largest page the server gives; exports walk the pages at this size. */
export const MAX_PAGE_SIZE = 100;

export type OrderSort = 'newest' | 'oldest' | 'largest' | 'due';
export interface OrderFilter {
  status: string;
  orderNo: string;
  sort: OrderSort;
}
export const fetchOrders = (filter: OrderFilter, page: number, pageSize = 25) =>
  get<Listing<OrderListRow>>('/orders', {
    status: filter.status || undefined,
    orderNo: filter.orderNo.trim() || undefined,
    sort: filter.sort,
    page,
    pageSize,
  });
export const fetchOrder = (id: number) => get<OrderRecord>('/orders/record', { id });
export const decideApplication = (id: number, decision: 'approve' | 'reject', reason: string) =>
  post<null>('/orders/decide', { id, decision, reason });

export const searchBorrowers = (q: string, page: number, pageSize = 25) =>
  get<Listing<BorrowerRow>>('/borrowers', { q, page, pageSize });
export const fetchBorrower = (id: number) => get<BorrowerProfile>('/borrowers/profile', { id });
export const revealBorrower = (id: number, reason: string) => post<RevealedData>('/borrowers/reveal', { id, reason });

/** A product form's fields as the server reads them (amounts in centavos, rates in basis points). */
export type ProductForm = Record<
  | 'lenderId' | 'name' | 'minAmount' | 'maxAmount' | 'amountStep' | 'periods' | 'periodDays' | 'monthlyInterestBp'
  | 'serviceFeeBp' | 'penaltyOneTimeNew' | 'penaltyOneTimeRepeat' | 'penaltyDailyBp130' | 'penaltyDailyBp3190'
  | 'penaltyDailyBpFrom91' | 'rateDescription' | 'tags',
  string
> & { allowsExtension: boolean; requiresReview: boolean; available: boolean };

export const fetchCatalogue = () => get<Catalogue>('/products');
/** The live check: quiet, since the editor shows what is wrong itself. */
export const checkTerms = (form: ProductForm) => post<TermsCheck>('/products/check', { ...form }, { silent: true });
export const createProduct = (form: ProductForm) => post<{ id: number }>('/products', { ...form });
export const updateListing = (id: number, listing: Pick<ProductForm, 'name' | 'rateDescription' | 'tags' | 'allowsExtension' | 'requiresReview' | 'available'>) =>
  post<null>('/products/listing', { id, ...listing });

export const fetchFailedPayouts = (page: number, pageSize = 25) =>
  get<Listing<FailedPayoutRow>>('/payouts/failed', { page, pageSize });
export const fetchReconciliation = (from: string, to: string) =>
  get<ReconciliationLine[]>('/reconciliation', { from: from || undefined, to: to || undefined });

export const fetchDashboard = (days: number) => get<Dashboard>('/dashboard', { days });
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
  get<Listing<CollectionRow>>('/collections', { ...filterParams(filters), page, pageSize });

export const fetchContacts = (orderId: number) => get<ContactRow[]>('/collections/contacts', { orderId });

/** Logs a contact with the order's borrower; the form shows a refusal itself, so no toast. */
export const logContact = (orderId: number, channel: ContactChannel, outcome: ContactOutcome, note: string) =>
  post<ContactLogged>('/collections/contacts', { orderId, channel, outcome, note }, { silent: true });

export type AdjustmentStatusFilter = 'proposed' | 'approved' | 'rejected' | 'all';
/** The charges a waiver can lower; principal is never waived. */
export type WaivableCharge = 'penalties' | 'fees' | 'interest';
export const fetchAdjustments = (status: AdjustmentStatusFilter) => get<AdjustmentRow[]>('/adjustments', { status });
export const proposeAdjustment = (orderId: number, bucket: WaivableCharge, amount: number, reason: string) =>
  post<{ id: number }>('/adjustments/propose', { orderId, bucket, amount, reason });
export const decideAdjustment = (id: number, approve: boolean) =>
  post<null>(approve ? '/adjustments/approve' : '/adjustments/reject', { id });
