import { describe, expect, it } from 'vitest';
import { continueLink, parsePromotionRoute } from './promotionRoute';

describe('promotion hash routes', () => {
  it('reads the view and the query after the hash', () => {
    const route = parsePromotionRoute('?app_from=fb', '#/downloadTemplate?user_from=ads&down_id=7');
    expect(route.view).toBe('download');
    expect(route.params.get('app_from')).toBe('fb');
    expect(route.params.get('down_id')).toBe('7');
    expect(parsePromotionRoute('', '#/agreementTemplate').view).toBe('agreement');
    expect(parsePromotionRoute('', '').view).toBe('landing');
  });

  it('carries the promotion query to the borrower login', () => {
    const { params } = parsePromotionRoute('?id=3&app_from=fb&utm_tag=x&links_id=9&other=no', '');
    expect(continueLink(params, false)).toBe('/login?id=3&app_from=fb&utm_tag=x&links_id=9');
    expect(continueLink(params, true)).toBe('/home?id=3&app_from=fb&utm_tag=x&links_id=9');
  });
});
