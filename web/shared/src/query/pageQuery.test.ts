import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  fillProductId,
  pageLoan,
  rememberCarriedQuery,
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

  it('are read in either spelling at the page root, the address left as it came', () => {
    window.history.replaceState(null, '', '/loanDetails?product_id=9&orderId=3#x');
    rememberCarriedQuery();
    expect(pageLoan(new URLSearchParams(window.location.search))).toEqual({ productId: '9', orderId: '3' });
    expect(window.location.search + window.location.hash).toBe('?product_id=9&orderId=3#x');
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
    rememberCarriedQuery();
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
    rememberCarriedQuery();
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
