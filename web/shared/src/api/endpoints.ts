// The request helper typed by the server's OpenAPI document (schema.gen.ts,
// kept current by `npm run check:api`): an endpoint's path picks the type of
// its reply's `data` and of the fields it reads, so no endpoint file declares
// them again. Types only: the calls are the request helper's own.
import { formClient, jsonClient, type API_PREFIX, type ApiResult, type Body, type Client, type Params, type RequestOptions } from './request';
import type { SESSION_PARAMS } from '../query/pageQuery';
import type { paths } from './schema.gen';

type Method = 'get' | 'post';

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

/** What an operation's success envelope carries in `data`. */
type ReplyOf<Operation> = Operation extends { responses: { 200: { content: { 'application/json': { data: infer Data } } } } }
  ? Data
  : never;

/** A form field and a query value are text on the wire: a number may go as the digits a page holds. */
type AsSent<Value> = Value extends number ? number | string : Value;

/** The session's own parameters: the request helper adds them to every borrower call. */
type Carried = (typeof SESSION_PARAMS)[number];

/** A query as a page sends it: the session's own parameters may be left to the helper. */
type AsSentQuery<Query> = { [Name in keyof Query as Name extends Carried ? never : Name]: AsSent<Query[Name]> } & {
  [Name in keyof Query as Name extends Carried ? Name : never]?: AsSent<Query[Name]>;
};

/** The fields an operation reads (the query, or a form body: the server reads either); none when it lists none. */
type FieldsOf<Operation> = Operation extends { parameters: { query?: infer Query } }
  ? [NonNullable<Query>] extends [never]
    ? Record<string, never>
    : AsSentQuery<NonNullable<Query>>
  : Record<string, never>;

/** The `data` of the reply at a full path (`/pany/v3/product/detail`), for an endpoint file that cannot call by path. */
export type Reply<FullPath extends keyof paths, M extends Method> = ReplyOf<OperationAt<FullPath, M>>;

/** The fields the endpoint at a full path reads, as a page sends them. */
export type Fields<FullPath extends keyof paths, M extends Method> = FieldsOf<OperationAt<FullPath, M>>;

/** A client whose calls take a documented path and answer with its documented reply. */
export interface Endpoints<Prefixes extends string> {
  get<Path extends EndpointPath<Prefixes, 'get'>>(
    path: Path,
    fields: FieldsOf<OperationUnder<Prefixes, Path, 'get'>>,
    options?: RequestOptions,
  ): Promise<ApiResult<ReplyOf<OperationUnder<Prefixes, Path, 'get'>>>>;
  post<Path extends EndpointPath<Prefixes, 'post'>>(
    path: Path,
    body: FieldsOf<OperationUnder<Prefixes, Path, 'post'>> | FormData,
    options?: RequestOptions,
  ): Promise<ApiResult<ReplyOf<OperationUnder<Prefixes, Path, 'post'>>>>;
}

/**
 * `client` typed by the document's paths under `prefixes`: the paths the
 * client's own prefix serves. (The console's client lists two: the staff
 * API answers under /api/console as well as /api/staff.)
 */
export function endpoints<Prefixes extends string>(client: Client): Endpoints<Prefixes> {
  return {
    get: (path, fields, options) => client.get(path, fields as Params, options),
    post: (path, body, options) => client.post(path, body as Body, options),
  };
}

/** The borrower API (/pany) with form bodies, typed by path. */
export const formApi = /* @__PURE__ */ endpoints<typeof API_PREFIX>(formClient);
/** The borrower API (/pany) with JSON bodies, typed by path. */
export const jsonApi = /* @__PURE__ */ endpoints<typeof API_PREFIX>(jsonClient);
