import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  fillProductId,
  normalisePageQuery,
  pageLoan,
  pageProductId,
  safeRedirect,
  sessionQuery,
  withCarriedQuery,
} from './pageQuery';

describe('product_id and productId', () => {
  it('fill each other', () => {
    expect(fillProductId(new URLSearchParams('product_id=4')).get('productId')).toBe('4');
    expect(fillProductId(new URLSearchParams('productId=5')).get('product_id')).toBe('5');
    const both = fillProductId(new URLSearchParams('productId=5&product_id=6'));
    expect([both.get('productId'), both.get('product_id')]).toEqual(['5', '6']);
  });

  it('are both written into the address bar at the page root', () => {
    window.history.replaceState(null, '', '/loanDetails?product_id=9&orderId=3#x');
    normalisePageQuery();
    const params = new URLSearchParams(window.location.search);
    expect(params.get('productId')).toBe('9');
    expect(params.get('product_id')).toBe('9');
    expect(window.location.hash).toBe('#x');
    expect(pageProductId()).toBe('9');
  });

  it('name the loan of a page with its order, in either spelling', () => {
    expect(pageLoan(new URLSearchParams('product_id=4&orderId=12'))).toEqual({ productId: '4', orderId: '12' });
    expect(pageLoan(new URLSearchParams('productId=5'))).toEqual({ productId: '5', orderId: '' });
    expect(pageLoan(new URLSearchParams(''))).toEqual({ productId: '', orderId: '' });
  });
});

describe('carried parameters', () => {
  it('are remembered when a later URL lacks them', () => {
    window.history.replaceState(null, '', '/a?sessionId=abc');
    normalisePageQuery();
    window.history.replaceState(null, '', '/b');
    expect(sessionQuery().get('sessionId')).toBe('abc');
    expect(withCarriedQuery('/c', { orderId: 5 })).toBe('/c?sessionId=abc&orderId=5');
  });

  it('never include userId or phone', () => {
    window.history.replaceState(null, '', '/a?sessionId=abc&userId=1&phone=0917');
    expect(sessionQuery().toString()).toBe('sessionId=abc');
  });

  it('are added to absolute addresses too', () => {
    window.history.replaceState(null, '', '/a?sessionId=abc');
    expect(withCarriedQuery('https://pay.example.ph/confirm?x=1')).toBe('https://pay.example.ph/confirm?x=1&sessionId=abc');
  });

  it('default to the peso symbol', () => {
    expect(currencySymbol('?real=0')).toBe('₱');
  });
});

describe('real=1', () => {
  it('holds for the page whose query says it, its API calls included, and no longer', () => {
    window.history.replaceState(null, '', '/a?sessionId=abc&real=1');
    normalisePageQuery();
    expect(currencySymbol()).toBe('₹');
    expect(sessionQuery().get('real')).toBe('1');
    const next = withCarriedQuery('/b');
    expect(new URLSearchParams(next.split('?')[1]).has('real')).toBe(false);
    window.history.replaceState(null, '', next);
    expect(currencySymbol()).toBe('₱');
    expect(sessionQuery().has('real')).toBe(false);
    expect(sessionQuery().get('sessionId')).toBe('abc');
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths and refuses everything else', () => {
    expect(safeRedirect('/loanDetails?orderId=5#x')).toBe('/loanDetails?orderId=5#x');
    for (const bad of [null, '', 'home', '//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example', '/login']) {
      expect(safeRedirect(bad)).toBe('/home');
    }
  });
});
