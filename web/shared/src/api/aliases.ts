// The second paths onto documented handlers that the web calls (server:
// features/legacy/mod.rs, ALIASES; decision D6). The document leaves every
// alias out on purpose, so a call at one is typed by its documented twin
// (endpoints.ts). The server's tests/api/openapi.rs reads this list and fails
// when a pair is not one of its aliases. One pair a line, as written here.
export interface Aliases {
  '/pany/gopia/goya/because': '/pany/service/event/save';
  '/pany/gopia/goya/cultures': '/pany/v3/contract/contract';
  '/pany/gopia/goya/define': '/pany/v3/loan-details/recommend-jump';
  '/pany/gopia/goya/depush': '/pany/v3/loan-confirm/loan-detail-push';
  '/pany/gopia/goya/misunderstood': '/pany/v3/contract/contract-jump';
  '/pany/gopia/goya/satire': '/pany/v3/loan-confirm/loan-detail-confirm';
  '/pany/v3/bind-card/bind-card-change': '/pany/v3/bind-card/bind-card-new';
  '/pany/v3/bind-card/bind-card-loan-detail': '/pany/v3/bind-card/bind-card-new';
}
