import { formApi, jsonApi } from '@hiram/shared/api/endpoints';
import { linkCodes } from '../promotionRoute';

export const TRACK_VISIT_PATH = '/api/v2/youmi/promotion/track-visit';
export const TRACK_CLICK_PATH = '/api/v2/youmi/promotion/track-click';
export const CONVERSION_EVENT = 'hiram:conversion';
export const EVENT_SAVE_PATH = '/service/event/save';
/** The module id of a promotion registration in /service/event/save. */
export const CONVERSION_MODULE_ID = 90;

export function clientType(userAgent: string = navigator.userAgent): 'ios' | 'android' {
  return /iphone|ipad|ipod/i.test(userAgent) ? 'ios' : 'android';
}

function trackQuery(params: URLSearchParams) {
  return {
    page_id: params.get('id') ?? '',
    user_from: params.get('user_from') ?? '',
    client_type: clientType(),
    page_type: '1',
    utm_tag: params.get('utm_tag') ?? '',
    app_from: params.get('app_from') ?? '',
    ...linkCodes(params),
  };
}

/** Fire and forget: the answer is ignored. */
export function trackVisit(params: URLSearchParams): void {
  void jsonApi.get(TRACK_VISIT_PATH, trackQuery(params), { silent: true });
}

/** Fire and forget, on the register tap. */
export function trackClick(params: URLSearchParams, phone: string): void {
  void jsonApi.get(TRACK_CLICK_PATH, { ...trackQuery(params), phone }, { silent: true });
}

/** A registration from a link with UC: tell the page's listeners and record it. */
export function reportConversion(uc: string): void {
  window.dispatchEvent(new CustomEvent(CONVERSION_EVENT, { detail: { uc } }));
  void formApi.post(EVENT_SAVE_PATH, { moduleId: CONVERSION_MODULE_ID, positionId: 0 }, { silent: true });
}
