// The request helper typed by the server's OpenAPI document (schema.gen.ts,
// kept current by `npm run check:api`): an endpoint's path picks the type of
// its reply's `data` (on success, and what a failure's reply carries) and of
// the fields it reads, so no endpoint file declares them again. Types only:
// the calls are the request helper's own.
import { formClient, jsonClient, type API_PREFIX, type ApiResult, type Body, type Client, type Params, type RequestOptions } from './request';
import type { SESSION_PARAMS } from '../query/pageQuery';
import type { Aliases } from './aliases';
import type { paths as documented } from './schema.gen';

type Method = 'get' | 'post';

/** Every path a call may name: the document's, and the aliases the web calls, each as its documented twin. */
type paths = documented & { [Alias in keyof Aliases]: documented[Aliases[Alias]] };

/** The operation the document describes at a full path, for `method`. */
type OperationAt<FullPath extends keyof paths, M extends Method> = paths[FullPath][M];

/** The operation at `path` under one of `prefixes` (a path lives under one of them). */
type OperationUnder<Prefixes extends string, Path extends string, M extends Method> = {
  [Prefix in Prefixes]: `${Prefix}${Path}` extends keyof paths ? OperationAt<`${Prefix}${Path}`, M> : never;
}[Prefixes];

/** The paths under `prefixes`, prefix removed, that answer `method`. */
export type EndpointPath<Prefixes extends string, M extends Method> = {
  [FullPath in keyof paths]: FullPath extends `${Prefixes}${infer Path}`
    ? OperationAt<FullPath, M> extends { responses: unknown }
      ? Path
      : never
    : never;
}[keyof paths];

/**
 * A refusal told by the envelope's code with HTTP 200 (D7): the document
 * lists each beside the success envelope, its code one 4xx status.
 */
type Refusal = { code: `4${string}` };

/** What an operation's success envelope carries in `data`. */
type ReplyOf<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Exclude<Body, Refusal> extends { data: infer Data }
    ? Data
    : never
  : never;

/** The `data` of each envelope a reply may be, one by one (a 200 lists its refusals beside the success). */
type DataOf<Body> = Body extends { data: infer Data } ? Data : never;

/**
 * What any documented reply of an operation carries in `data`, whatever its
 * status or code: a 400's refused field, a 409's next page, a 429's wait,
 * and the 200's own (a legacy code such as "11" comes with HTTP 200).
 */
type AnyReplyOf<Operation> = Operation extends { responses: infer Replies }
  ? {
      [Status in keyof Replies]: Replies[Status] extends { content: { 'application/json': infer Body } } ? DataOf<Body> : never;
    }[keyof Replies]
  : never;

/** A settled call whose `success` is known. */
export interface Settled<Success extends boolean, Data> extends ApiResult<Data> {
  success: Success;
}

/**
 * A call's result as the document describes it: on success the 200's
 * `data`; on failure what a documented reply carries, or nothing (no reply,
 * or one the document lists without data).
 */
export type Answer<Operation> = Settled<true, ReplyOf<Operation>> | Settled<false, AnyReplyOf<Operation>>;

/** A form field and a query value are text on the wire: a number may go as the digits a page holds. */
type AsSent<Value> = Value extends number ? number | string : Value;

/** The session's own parameters: the request helper adds them to every borrower call. */
type Carried = (typeof SESSION_PARAMS)[number];

/** A query as a page sends it: the session's own parameters may be left to the helper. */
type AsSentQuery<Query> = { [Name in keyof Query as Name extends Carried ? never : Name]: AsSent<Query[Name]> } & {
  [Name in keyof Query as Name extends Carried ? Name : never]?: AsSent<Query[Name]>;
};

/**
 * The fields an operation lists as parameters (the server reads them from
 * the query or a form body alike); none when it lists only the session's
 * own, which every borrower call documents.
 */
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } }
  ? [NonNullable<Query>] extends [never]
    ? unknown
    : [Exclude<keyof NonNullable<Query>, Carried>] extends [never]
      ? unknown
      : AsSentQuery<NonNullable<Query>>
  : unknown;

/** A body's fields as a page sends them. */
type AsSentBody<Fields> = { [Name in keyof Fields]: AsSent<Fields[Name]> };

/**
 * The fields an operation documents as a form body: a form whose fields are
 * the server's own form items (item code → value). The server reads the
 * same fields form-encoded or as flat JSON; a multipart body (a picture) is
 * sent as FormData instead.
 */
type BodyOf<Operation> = Operation extends { requestBody?: infer RequestBody }
  ? [NonNullable<RequestBody>] extends [never]
    ? unknown
    : NonNullable<RequestBody> extends { content: { 'application/x-www-form-urlencoded': infer Form } }
      ? AsSentBody<Form>
      : unknown
  : unknown;

/** The fields an operation reads, as parameters or as its body; none when it lists none. */
type FieldsOf<Operation> = unknown extends QueryOf<Operation> & BodyOf<Operation>
  ? Record<string, never>
  : QueryOf<Operation> & BodyOf<Operation>;

/** The `data` of the reply at a full path (`/pany/v3/product/detail`), for an endpoint file that cannot call by path. */
export type Reply<FullPath extends keyof paths, M extends Method> = ReplyOf<OperationAt<FullPath, M>>;

/** The result of a call at a full path, as its own call by path answers it. */
export type AnswerAt<FullPath extends keyof paths, M extends Method> = Answer<OperationAt<FullPath, M>>;

/** The fields the endpoint at a full path reads, as a page sends them. */
export type Fields<FullPath extends keyof paths, M extends Method> = FieldsOf<OperationAt<FullPath, M>>;

/** A client whose calls take a documented path and answer with its documented reply. */
export interface Endpoints<Prefixes extends string> {
  get<Path extends EndpointPath<Prefixes, 'get'>>(
    path: Path,
    fields: FieldsOf<OperationUnder<Prefixes, Path, 'get'>>,
    options?: RequestOptions,
  ): Promise<Answer<OperationUnder<Prefixes, Path, 'get'>>>;
  post<Path extends EndpointPath<Prefixes, 'post'>>(
    path: Path,
    body: FieldsOf<OperationUnder<Prefixes, Path, 'post'>> | FormData,
    options?: RequestOptions,
  ): Promise<Answer<OperationUnder<Prefixes, Path, 'post'>>>;
}

/**
 * `client` typed by the document's paths under `prefixes`: the paths the
 * client's own prefix serves. (The console's client lists two: the staff
 * API answers under /api/console as well as /api/staff.)
 */
export function endpoints<Prefixes extends string>(client: Client): Endpoints<Prefixes> {
  return {
    // The reply is the document's: what the helper settles is typed by the path.
    get: (path, fields, options) => client.get(path, fields as Params, options) as Promise<never>,
    post: (path, body, options) => client.post(path, body as Body, options) as Promise<never>,
  };
}

/** The borrower API (/pany) with form bodies, typed by path. */
export const formApi = /* @__PURE__ */ endpoints<typeof API_PREFIX>(formClient);
/** The borrower API (/pany) with JSON bodies, typed by path. */
export const jsonApi = /* @__PURE__ */ endpoints<typeof API_PREFIX>(jsonClient);
